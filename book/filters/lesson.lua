-- SPDX-License-Identifier: MIT
-- Stage 1 of the book, run once per lesson.md (and once per front chapter): turns one lesson into
-- one numbered chapter. Front matter -> chapter title, objectives box; hints.md -> hints (and in the instructor
-- edition: instructor notes, answers, the whole solution); code blocks with `include`/`anchor` ->
-- listings from the real files; `.output` -> measured output with the GPU named; `.compare` ->
-- the article's numbers next to this GPU's; `.plot` and `.timeline` -> figures made from data;
-- `.glossary` -> the Chinese edition's glossary (book/glossary.tsv), the instructor edition's appendix.
-- Then ids are made unique across the book, and chapters, sections, figures, tables and listings
-- are numbered, with @fig:/@sec:/@tbl:/@lst: references resolved (an unknown one fails the build).
-- Settings come from build_book.py as metadata: book_root, source (the .md), kind (lesson|front),
-- edition (student|instructor), figures_dir, timeline_tool, python, book_lang (en|zh) and
-- untranslated (true: a Chinese edition shows this English text with a note saying so).
package.path = pandoc.path.directory(PANDOC_SCRIPT_FILE) .. "/?.lua;" .. package.path
local common = require("common")
local words = require("words")
local listing = require("listing")
local figures = require("figures")
local glossary = require("glossary")

local stringify = pandoc.utils.stringify

local ctx = {} -- this document's settings (see Pandoc below)

---------------------------------------------------------------------------------------------------
-- Code blocks that stand for something else
---------------------------------------------------------------------------------------------------

local function resolve(path)
  if path:sub(1, 1) == "/" then
    return common.normalize(ctx.root .. path) -- "/checker/..." means the repository root
  end
  return common.normalize(ctx.dir .. "/" .. path)
end

local function caption_inlines(text)
  local blocks = pandoc.read(text, "markdown").blocks
  if #blocks == 0 then
    return {}
  end
  return blocks[1].content
end

local function include_listing(block)
  local wanted = block.attributes["include"]
  local anchor = block.attributes["anchor"]
  local path = resolve(wanted)
  local shown = common.repo_relative(ctx.root, path)
  local text = common.read_file(path)
  if not text then
    common.fail(ctx.where, "include=\"" .. wanted .. "\": no such file " .. shown)
  end
  local region, message = listing.region(text, anchor, shown)
  if not region then
    common.fail(ctx.where, "include=\"" .. wanted .. "\" anchor=\"" .. anchor .. "\": " .. message)
  end
  local language, written = listing.language(block.classes, path)
  local attributes = { ["source"] = shown, ["language"] = written }
  if anchor then
    attributes["anchor"] = anchor
  end
  local code = pandoc.CodeBlock(region, pandoc.Attr("", { language }, attributes))
  local caption
  if block.attributes["caption"] then
    caption = caption_inlines(block.attributes["caption"])
  else
    caption = { pandoc.Code(shown) }
    if anchor then
      table.insert(caption, pandoc.Str(words.get("listing-region")))
      table.insert(caption, pandoc.Space())
      table.insert(caption, pandoc.Emph({ pandoc.Str(anchor) }))
    end
  end
  return pandoc.Div({ pandoc.Para({ pandoc.Span(caption, pandoc.Attr("", { "caption" })) }), code },
                    pandoc.Attr(block.identifier, { "listing" }))
end

local function not_measured(what)
  local text = pandoc.read(words.get("not-measured", what), "markdown").blocks
  return pandoc.Div(text, pandoc.Attr("", { "not-measured" }))
end

local function output_block(block)
  local lesson = block.attributes["lesson"] or ctx.folder
  local run = block.attributes["run"] or "main"
  local path = ctx.root .. "/lessons/" .. lesson .. "/results/" .. run .. ".txt"
  local result = common.read_result(path)
  if not result then
    common.warn(ctx.where, "no measured output " .. common.repo_relative(ctx.root, path) ..
                           " (the book says \"not yet measured\"; record it with " ..
                           "tools/record-results.sh on a GPU)")
    return not_measured(words.get("output-not-measured", lesson, run))
  end
  local caption = { pandoc.Str(words.get("output")) }
  if result.header.command then
    caption = { pandoc.Str(words.get("output-of")), pandoc.Space(), pandoc.Code(result.header.command) }
  end
  table.insert(caption, pandoc.Str(words.get("output-on")))
  table.insert(caption, pandoc.Space())
  table.insert(caption, pandoc.Str(common.describe_machine(result.header)))
  table.insert(caption, pandoc.Str(words.get("full-stop")))
  return pandoc.Div({ pandoc.Para({ pandoc.Span(caption, pandoc.Attr("", { "caption" })) }),
                      pandoc.CodeBlock(result.body, pandoc.Attr("", { "output" },
                                                                 { ["result"] = lesson .. "/" .. run })) },
                    pandoc.Attr(block.identifier, { "output-block" }))
end

local function expand_code_block(block)
  if block.attributes["include"] then
    return include_listing(block)
  elseif block.classes:includes("output") and (block.attributes["run"] or block.attributes["lesson"]) then
    return output_block(block)
  elseif block.classes:includes("compare") then
    return figures.compare_table(ctx, block.attributes["example"] or ctx.article_example)
  elseif block.classes:includes("plot") then
    return figures.plot(ctx, block)
  elseif block.classes:includes("timeline") then
    return figures.timeline(ctx, block)
  elseif block.classes:includes("glossary") then
    return glossary.table(ctx)
  end
  return nil
end

local function absolute_image(image)
  local src = image.src
  if not src:match("^%a[%w+.-]*:") and src:sub(1, 1) ~= "/" then
    image.src = resolve(src)
  elseif src:sub(1, 1) == "/" and not common.file_exists(src) then
    image.src = resolve(src)
  end
  return image
end

-- `std::vector<double>` written outside backticks reads as an HTML tag `<double>`: it would vanish
-- from the PDF and break the EPUB's XHTML. Raw HTML that is not an HTML element becomes text.
local html_elements = {}
for name in ("a abbr b bdi bdo br cite code data del details dfn div em figcaption figure hr i img " ..
             "ins kbd mark p pre q s samp small span strong sub summary sup table tbody td th " ..
             "thead time tr u var wbr"):gmatch("%S+") do
  html_elements[name] = true
end

local function literal_html(raw)
  if raw.format ~= "html" or raw.text:match("^<!%-%-") then
    return nil
  end
  local name = raw.text:match("^</?%s*([%w:_%-]+)")
  if name and html_elements[name:lower()] then
    return nil
  end
  common.warn(ctx.where, "'" .. raw.text .. "' is not HTML: printed as text (put code in backticks)")
  return pandoc.Str(raw.text)
end

local function literal_html_block(raw)
  local inline = literal_html(raw)
  return inline and pandoc.Para({ inline }) or nil
end

---------------------------------------------------------------------------------------------------
-- The chapter around the lesson's text
---------------------------------------------------------------------------------------------------

local function meta_blocks(value)
  if value == nil then
    return {}
  end
  local t = pandoc.utils.type and pandoc.utils.type(value) or value.t
  if t == "Inlines" or t == "MetaInlines" then
    return { pandoc.Plain(value) }
  elseif t == "Blocks" or t == "MetaBlocks" then
    return value
  end
  return { pandoc.Plain({ pandoc.Str(stringify(value)) }) }
end

local function meta_list(value)
  if value == nil then
    return {}
  end
  local t = pandoc.utils.type and pandoc.utils.type(value) or value.t
  if t == "List" or t == "MetaList" then
    return value
  end
  return { value }
end

local function shift_headers(blocks, by)
  return pandoc.walk_block(pandoc.Div(blocks), {
    Header = function(h)
      h.level = math.min(h.level + by, 6)
      return h
    end,
  }).content
end

local function min_header_level(blocks)
  local level = 7
  pandoc.walk_block(pandoc.Div(blocks), {
    Header = function(h)
      level = math.min(level, h.level)
    end,
  })
  return level
end

-- Gives every id of `blocks` the prefix, and rewrites links to "#id" and "other/lesson.md#id".
local function prefix_ids(blocks, prefix, ids)
  local function renamed(id)
    local new = prefix .. id:gsub("[:%s]", "-")
    ids[id] = new
    return new
  end
  local function rename(el)
    if el.identifier and el.identifier ~= "" then
      el.identifier = renamed(el.identifier)
      return el
    end
  end
  return pandoc.walk_block(pandoc.Div(blocks), {
    Header = rename, Div = rename, Span = rename, CodeBlock = rename, Image = rename,
    Table = rename, Link = rename,
  }).content
end

local function rewrite_links(blocks, ids)
  return pandoc.walk_block(pandoc.Div(blocks), {
    Link = function(link)
      local target = link.target
      if target:match("^%a[%w+.-]*:") then
        return nil -- http:, https:, mailto:
      end
      local anchor = target:match("^#(.+)$")
      -- [the figure “x”](#fig:x): how lesson.md refers to a figure (table, listing, section), so
      -- that a repository's viewer shows words and a working link, not the key "@fig:x" (issue
      -- 47). The book numbers it as it does @fig:x: "Figure 4.2", linked.
      local kind = anchor and anchor:match("^(%a+):[%w_-]+$")
      if kind == "fig" or kind == "sec" or kind == "tbl" or kind == "lst" then
        return pandoc.Cite(link.content, { pandoc.Citation(anchor, "NormalCitation") })
      end
      if anchor then
        if ids[anchor] then
          link.target = "#" .. ids[anchor]
        elseif not anchor:match("^lesson%-") and not anchor:match("^l%d%d%-") then
          common.warn(ctx.where, "link to #" .. anchor .. ": no such section in this lesson")
        end
        return link
      end
      -- Another lesson: ../03-async/lesson.md[#section]
      local folder, section = target:match("%.%./(%d%d%-[%w%-]+)/lesson%.md#?(.*)$")
      if not folder then
        folder, section = target:match("^(%d%d%-[%w%-]+)/lesson%.md#?(.*)$")
      end
      if not folder then -- from outside lessons/ (book/back/): ../../lessons/03-async/lesson.md
        folder, section = target:match("lessons/(%d%d%-[%w%-]+)/lesson%.md#?(.*)$")
      end
      if folder then
        local number = folder:sub(1, 2)
        link.target = section ~= "" and ("#l" .. number .. "-" .. section) or ("#lesson-" .. number)
        return link
      end
      if target == "lesson.md" or target:match("^lesson%.md#") then
        local section = target:match("#(.+)$")
        link.target = section and ("#" .. (ids[section] or section)) or ("#" .. ctx.chapter_id)
        return link
      end
      -- An appendix: ../../book/back/article-numbers.md[#section] (its ids take the file's name
      -- as their prefix, without the language: front_chapter's prefix).
      local appendix, part = target:match("back/([%w%-]+)%.md#?(.*)$")
      if appendix then
        link.target = "#" .. appendix .. "-" .. (part ~= "" and part or appendix)
        return link
      end
      -- A file of the course (exercise.cu, ../common/...): a book cannot link to it; name it.
      return link.content
    end,
  }).content
end

local function objectives_box(meta)
  local content = { pandoc.Para({ pandoc.Strong({ pandoc.Str(words.get("objectives")) }) }) }
  local items = {}
  for _, objective in ipairs(meta_list(meta.objectives)) do
    table.insert(items, meta_blocks(objective))
  end
  if #items > 0 then
    table.insert(content, pandoc.BulletList(items))
  end
  local facts = {}
  if meta.article_section then
    table.insert(facts, pandoc.Str(words.get("article-section")))
    table.insert(facts, pandoc.Space())
    for _, inline in ipairs(meta_blocks(meta.article_section)[1].content) do
      table.insert(facts, inline)
    end
    table.insert(facts, pandoc.Str(words.get("full-stop")))
    table.insert(facts, pandoc.LineBreak())
  end
  table.insert(facts, pandoc.Str(words.get("your-work")))
  table.insert(facts, pandoc.Space())
  table.insert(facts, pandoc.Code("lessons/" .. ctx.folder .. "/exercise.cu"))
  table.insert(facts, pandoc.Str(words.get("semicolon")))
  table.insert(facts, pandoc.Space())
  table.insert(facts, pandoc.Str(words.get("check-it-with")))
  table.insert(facts, pandoc.Space())
  table.insert(facts, pandoc.Code("make check LESSON=" .. ctx.number))
  table.insert(facts, pandoc.Str(words.get("full-stop")))
  table.insert(content, pandoc.Para(facts))
  return pandoc.Div(content, pandoc.Attr("", { "objectives" }))
end

-- The lesson's hints: the numbered list of hints.md beside the text (hints.zh.md beside
-- lesson.zh.md), apart from the text so that a student reading it does not read them by accident
-- (checker/core/lesson_hints.hpp reads the same file for make hint).
local function hints_from_file()
  local own = pandoc.path.filename(ctx.source):gsub("^lesson%.", "hints.")
  local file = io.open(pandoc.path.join({ ctx.dir, own }), "r") or
               io.open(pandoc.path.join({ ctx.dir, "hints.md" }), "r")
  if not file then
    return {}
  end
  local text = file:read("a")
  file:close()
  for _, block in ipairs(pandoc.read(text, "markdown").blocks) do
    if block.t == "OrderedList" then
      return block.content
    end
  end
  return {}
end

local function hints_section(meta)
  local items = hints_from_file()
  if #items == 0 then
    return {}
  end
  return {
    pandoc.Header(2, { pandoc.Str(words.get("hints")) }, pandoc.Attr(ctx.prefix .. "hints", { "hints" })),
    pandoc.Para({ pandoc.Str(words.get("hints-intro")), pandoc.Space(),
                  pandoc.Code("make hint LESSON=" .. ctx.number), pandoc.Space(),
                  pandoc.Str(words.get("hints-next")) }),
    pandoc.OrderedList(items),
  }
end

local function instructor_sections(ids)
  local blocks = {}
  -- Beside the solution, out of the student's folder; the Chinese edition takes instructor.zh.md
  -- where the notes are translated, else the English notes.
  local notes_dir = ctx.root .. "/solutions/" .. ctx.folder .. "/"
  local notes = ctx.lang == "zh" and common.read_file(notes_dir .. "instructor.zh.md") or nil
  notes = notes or common.read_file(notes_dir .. "instructor.md")
  table.insert(blocks, pandoc.Header(2, { pandoc.Str(words.get("instructor-notes")) },
                                     pandoc.Attr(ctx.prefix .. "instructor-notes", { "instructor" })))
  if notes then
    local reader = ctx.lang == "zh" and "markdown+east_asian_line_breaks" or "markdown"
    local doc = pandoc.read(notes, reader)
    local body = doc.blocks
    body = shift_headers(body, 3 - min_header_level(body))
    local own = {}
    body = prefix_ids(body, ctx.prefix .. "notes-", own)
    setmetatable(own, { __index = ids })
    body = rewrite_links(body, own)
    for _, b in ipairs(body) do
      table.insert(blocks, b)
    end
  else
    table.insert(blocks, pandoc.Para({ pandoc.Emph({ pandoc.Str(words.get("no-instructor-notes",
                                                                          ctx.folder)) }) }))
  end
  local solution = ctx.root .. "/solutions/" .. ctx.folder .. "/exercise.cu"
  table.insert(blocks, pandoc.Header(2, { pandoc.Str(words.get("solution")) },
                                     pandoc.Attr(ctx.prefix .. "solution", { "instructor" })))
  if common.file_exists(solution) then
    table.insert(blocks, pandoc.Para({ pandoc.Str(words.get("solution-checked-by")),
                                       pandoc.Space(),
                                       pandoc.Code("make check LESSON=" .. ctx.number .. " SOLUTION=1"),
                                       pandoc.Str(words.get("colon")) }))
    table.insert(blocks, pandoc.CodeBlock("", pandoc.Attr("", { "cuda", "solution" },
                                          { ["include"] = "/solutions/" .. ctx.folder .. "/exercise.cu" })))
  else
    table.insert(blocks, pandoc.Para({ pandoc.Emph({ pandoc.Str(words.get("no-solution")) }) }))
  end
  return blocks
end

-- A Chinese edition's chapter that is still the English text says so, in a box of its own.
local function untranslated_note(text)
  return pandoc.Div(pandoc.read(text, "markdown").blocks, pandoc.Attr("", { "untranslated" }))
end

local function lesson_chapter(doc)
  local meta = doc.meta
  local title = meta.title and meta_blocks(meta.title)[1].content or { pandoc.Str(ctx.folder) }
  local body = doc.blocks
  -- The lesson may repeat its title as its first heading: the front matter's title is the chapter's.
  if #body > 0 and body[1].t == "Header" and body[1].level == 1 then
    table.remove(body, 1)
  end
  if min_header_level(body) == 1 then
    body = shift_headers(body, 1)
  end
  local ids = {}
  body = prefix_ids(body, ctx.prefix, ids)
  body = rewrite_links(body, ids)

  local blocks = { pandoc.Header(1, title, pandoc.Attr(ctx.chapter_id, {},
                                                       { ["chapter-number"] = ctx.number,
                                                         ["chapter-label"] = words.get("lesson-label",
                                                                                       ctx.number) })) }
  if ctx.untranslated then
    table.insert(blocks, untranslated_note(words.get("untranslated", ctx.folder)))
  end
  table.insert(blocks, objectives_box(meta))
  for _, b in ipairs(body) do
    table.insert(blocks, b)
  end
  local plots = figures.listed_plots(ctx, body)
  -- The article's numbers are not appended here: the appendix "The article's numbers"
  -- (book/back/article-numbers.md) sets them beside the course's, lesson by lesson.
  if #plots > 0 then
    table.insert(blocks, pandoc.Header(2, { pandoc.Str(words.get("measured-here")) },
                                       pandoc.Attr(ctx.prefix .. "measured", {}, {})))
  end
  for _, b in ipairs(plots) do
    table.insert(blocks, b)
  end
  for _, b in ipairs(hints_section(meta)) do
    table.insert(blocks, b)
  end
  if ctx.edition == "instructor" then
    for _, b in ipairs(instructor_sections(ids)) do
      table.insert(blocks, b)
    end
  end
  return blocks
end

local function front_chapter(doc)
  local ids = {}
  local body = prefix_ids(doc.blocks, ctx.prefix, ids)
  if ctx.untranslated then
    -- After the chapter's title, before its text.
    local first = #body > 0 and body[1].t == "Header" and 2 or 1
    table.insert(body, first, untranslated_note(words.get("untranslated-front")))
  end
  body = rewrite_links(body, ids)
  return pandoc.walk_block(pandoc.Div(body), {
    Header = function(h)
      if not h.classes:includes("unnumbered") then
        h.classes:insert("unnumbered")
      end
      return h
    end,
  }).content
end

---------------------------------------------------------------------------------------------------
-- Numbers and references
---------------------------------------------------------------------------------------------------

local labels = {} -- id -> "Figure 4.1", ...

local function numbered(chapter, n)
  return (chapter ~= "" and (chapter .. ".") or "") .. n
end

local function prepend(inlines, text)
  local result = { pandoc.Str(text), pandoc.Space() }
  for _, inline in ipairs(inlines) do
    table.insert(result, inline)
  end
  return result
end

local function number_blocks(blocks, state)
  for _, block in ipairs(blocks) do
    if block.t == "Header" then
      local unnumbered = block.classes:includes("unnumbered")
      if block.level == 1 then
        state.sections = { 0, 0 }
        if block.identifier ~= "" then
          labels[block.identifier] = unnumbered and stringify(block.content) or
                                         words.get("lesson-label", state.chapter)
        end
      elseif block.level <= 3 and not unnumbered and state.chapter ~= "" then
        local depth = block.level - 1
        state.sections[depth] = state.sections[depth] + 1
        if depth == 1 then
          state.sections[2] = 0
        end
        local number = state.chapter .. "." .. state.sections[1]
        if depth == 2 then
          number = number .. "." .. state.sections[2]
        end
        block.attributes["section-number"] = number
        labels[block.identifier] = words.get("section-label", number)
      elseif block.identifier ~= "" then
        labels[block.identifier] = "“" .. stringify(block.content) .. "”"
      end
    elseif block.t == "Para" and #block.content == 1 and block.content[1].t == "Image" and
        block.content[1].title:match("^fig:") then
      local image = block.content[1]
      state.figures = state.figures + 1
      local name = words.get("figure-label", numbered(state.chapter, state.figures))
      image.caption = prepend(image.caption, name .. words.get("label-colon"))
      if image.identifier ~= "" then
        labels[image.identifier] = name
      end
    elseif block.t == "Table" and #block.caption.long > 0 then
      state.tables = state.tables + 1
      local name = words.get("table-label", numbered(state.chapter, state.tables))
      local long = block.caption.long
      long[1].content = prepend(long[1].content, name .. words.get("label-colon"))
      if block.identifier ~= "" then
        labels[block.identifier] = name
      end
    elseif block.t == "Div" and block.classes:includes("listing") then
      state.listings = state.listings + 1
      local name = words.get("listing-label", numbered(state.chapter, state.listings))
      local caption = block.content[1].content[1] -- Para { Span.caption }
      caption.content = prepend(caption.content, name .. words.get("label-colon"))
      if block.identifier ~= "" then
        labels[block.identifier] = name
      end
    elseif block.t == "Div" then
      number_blocks(block.content, state)
    end
  end
end

local function resolve_references(blocks)
  return pandoc.walk_block(pandoc.Div(blocks), {
    Cite = function(cite)
      local result = {}
      for i, citation in ipairs(cite.citations) do
        local key = citation.id:gsub("^%u", string.lower) -- @Fig:x at the start of a sentence
        local id = ctx.ids[key] or key
        local text = labels[id]
        if not text then
          common.fail(ctx.where, "unresolved reference @" .. key ..
                                 " (no figure, table, listing or section has the id #" .. key .. ")")
        end
        if i > 1 then
          table.insert(result, pandoc.Str(i == #cite.citations and words.get("and") or
                                              words.get("list-comma")))
        end
        table.insert(result, pandoc.Link({ pandoc.Str(text) }, "#" .. id))
      end
      return result
    end,
  }).content
end

---------------------------------------------------------------------------------------------------

-- tools/lesson_text.py puts each timeline's figure (a committed SVG) after its `.timeline` block,
-- between `<!-- lesson-text: figure -->` and `<!-- lesson-text: end -->`, and what this filter
-- appends to the chapter (the article's numbers, plots) between `<!-- lesson-text: chapter-end -->`
-- and the same end line, for readers of lesson.md in the repository. The book makes all of it
-- from the same data itself, so it drops them.
local function drop_lesson_text_figures(blocks)
  local kept, skipping = {}, false
  for _, block in ipairs(blocks) do
    local marker = block.t == "RawBlock" and block.format == "html" and
                       block.text:match("^<!%-%- lesson%-text: ([%a%-]+) %-%->%s*$")
    if marker and marker ~= "end" then
      skipping = true
    elseif marker == "end" and skipping then
      skipping = false
    elseif not skipping then
      table.insert(kept, block)
    end
  end
  -- A timeline's caption is the italic paragraph right after its figure, outside the generated
  -- lines, so that lesson.md shows it once (issue 47): the book's figure takes it from there.
  local out = {}
  for _, block in ipairs(kept) do
    local previous = out[#out]
    if previous and previous.t == "CodeBlock" and previous.classes:includes("timeline") and
        not previous.attributes["caption"] and block.t == "Para" and #block.content == 1 and
        block.content[1].t == "Emph" then
      previous.attributes["caption"] =
          pandoc.write(pandoc.Pandoc({ pandoc.Plain(block.content[1].content) }), "markdown")
    else
      table.insert(out, block)
    end
  end
  return out
end

function Pandoc(doc)
  doc.blocks = drop_lesson_text_figures(doc.blocks)
  local meta = doc.meta
  ctx.root = common.setting(meta, "book_root")
  ctx.source = common.setting(meta, "source")
  ctx.dir = pandoc.path.directory(ctx.source)
  ctx.folder = pandoc.path.filename(ctx.dir)
  ctx.where = common.repo_relative(ctx.root, ctx.source)
  ctx.kind = common.setting(meta, "kind", "lesson")
  ctx.edition = common.setting(meta, "edition", "student")
  ctx.figures_dir = common.setting(meta, "figures_dir")
  ctx.timeline_tool = common.setting(meta, "timeline_tool", "")
  ctx.python = common.setting(meta, "python", "python3")
  words.lang = common.setting(meta, "book_lang", "en")
  ctx.lang = words.lang
  ctx.untranslated = common.setting(meta, "untranslated", "false") == "true"

  local blocks
  if ctx.kind == "lesson" then
    ctx.number = tostring(tonumber(common.setting(meta, "number", ctx.folder:sub(1, 2))))
    ctx.two_digits = string.format("%02d", tonumber(ctx.number))
    ctx.prefix = "l" .. ctx.two_digits .. "-"
    ctx.chapter_id = "lesson-" .. ctx.two_digits
    ctx.chapter_label = ctx.number
    ctx.article_example = common.setting(meta, "article_section", ""):match("^%s*(%d+)")
    blocks = lesson_chapter(doc)
  else
    -- glossary.zh.md's ids are glossary-..., as glossary.md's: links name the chapter, not its language.
    ctx.prefix = pandoc.path.split_extension(pandoc.path.filename(ctx.source)):gsub("%.%a%a$", "") .. "-"
    ctx.chapter_label = ""
    ctx.number = ""
    blocks = front_chapter(doc)
  end
  ctx.ids = {}
  blocks = pandoc.walk_block(pandoc.Div(blocks), { RawInline = literal_html,
                                                   RawBlock = literal_html_block }).content
  blocks = pandoc.walk_block(pandoc.Div(blocks), { CodeBlock = expand_code_block }).content
  blocks = pandoc.walk_block(pandoc.Div(blocks), { Image = absolute_image }).content
  number_blocks(blocks, { chapter = ctx.chapter_label, sections = { 0, 0 }, figures = 0,
                          tables = 0, listings = 0 })
  -- Ids as the author wrote them (fig:x) map to the prefixed ones, for @fig:x references.
  for id in pairs(labels) do
    local written = id:sub(#ctx.prefix + 1)
    ctx.ids[written] = id
    ctx.ids[written:gsub("^(%a+)%-", "%1:")] = id -- fig-x was written fig:x
  end
  blocks = resolve_references(blocks)
  return pandoc.Pandoc(blocks, pandoc.Meta({}))
end
