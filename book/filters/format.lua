-- SPDX-License-Identifier: MIT
-- Stage 2 of the book, run on the whole book once per output format: what differs between the
-- PDF (LaTeX), HTML and EPUB. Chapter numbers are the lessons' numbers (Lesson 4 is chapter 4);
-- lesson.lua has already numbered sections, figures, tables and listings; here LaTeX gets its
-- counters and boxes, and HTML/EPUB get the numbers written into the headings.
local is_latex = FORMAT:match("latex") ~= nil
local is_epub = FORMAT:match("epub") ~= nil

local function latex(text)
  return pandoc.RawBlock("latex", text)
end

local function boxed(environment, blocks)
  local result = { latex("\\begin{" .. environment .. "}") }
  for _, b in ipairs(blocks) do
    table.insert(result, b)
  end
  table.insert(result, latex("\\end{" .. environment .. "}"))
  return result
end

function Header(h)
  local chapter = h.attributes["chapter-number"]
  local section = h.attributes["section-number"]
  if is_latex then
    if h.level ~= 1 then
      return nil
    end
    -- Pandoc would put \hypertarget before \chapter, on the page before the chapter's own: an
    -- empty page when that page is fresh. The target goes right after the title instead.
    local result = {}
    if chapter then
      table.insert(result, latex("\\setcounter{chapter}{" .. (tonumber(chapter) - 1) .. "}"))
    end
    local id = h.identifier
    h.identifier = ""
    table.insert(result, h)
    if id ~= "" then
      table.insert(result, latex("\\hypertarget{" .. id .. "}{}\\label{" .. id .. "}"))
    end
    if not chapter then
      -- An unnumbered chapter (\chapter*) sets no running header: the pages would keep the
      -- previous one ("Contents"). It names itself.
      local title = pandoc.write(pandoc.Pandoc({ pandoc.Plain(h.content) }), "latex")
      table.insert(result, latex("\\markboth{" .. title:gsub("%s+$", "") .. "}{}"))
    end
    return result
  end
  local number = section or chapter
  if number and not h.classes:includes("unnumbered") then
    -- lesson.lua wrote the chapter's label in the edition's language ("Lesson 4", "第 4 课").
    local label = h.level == 1 and (h.attributes["chapter-label"] or ("Lesson " .. number)) or number
    local content = { pandoc.Span({ pandoc.Str(label) }, pandoc.Attr("", { "header-section-number" })) }
    table.insert(content, pandoc.Space())
    for _, inline in ipairs(h.content) do
      table.insert(content, inline)
    end
    h.content = content
  end
  if not h.classes:includes("unnumbered") then
    h.classes:insert("unnumbered") -- numbered here, not again by pandoc
  end
  return h
end

local function caption_para(div)
  local first = div.content[1]
  if first and first.t == "Para" and #first.content == 1 and first.content[1].t == "Span" and
      first.content[1].classes:includes("caption") then
    return first
  end
  return nil
end

function Div(div)
  if not is_latex then
    return nil
  end
  if div.classes:includes("objectives") then
    return boxed("objectivesbox", div.content)
  elseif div.classes:includes("not-measured") or div.classes:includes("untranslated") then
    return boxed("notmeasuredbox", div.content)
  elseif div.classes:includes("listing") or div.classes:includes("output-block") then
    local caption = caption_para(div)
    local result = {}
    if div.identifier ~= "" then
      table.insert(result, latex("\\phantomsection\\label{" .. div.identifier .. "}\\hypertarget{" ..
                                 div.identifier .. "}{}"))
      div.identifier = ""
    end
    if caption then
      local text = pandoc.write(pandoc.Pandoc({ pandoc.Plain(caption.content[1].content) }), "latex")
      table.insert(result, latex("\\listingcaption{" .. text .. "}"))
    end
    for i = caption and 2 or 1, #div.content do
      table.insert(result, div.content[i])
    end
    return result
  end
  return nil
end

function CodeBlock(code)
  if is_latex and code.classes:includes("output") then
    -- Measured output: verbatim with long lines broken, in a box.
    return latex("\\begin{outputbox}\n\\begin{Verbatim}[breaklines,fontsize=\\small]\n" ..
                 code.text .. "\n\\end{Verbatim}\n\\end{outputbox}")
  end
  return nil
end

function Image(image)
  if is_latex and image.src:match("%.svg$") then
    image.src = image.src:gsub("%.svg$", ".pdf") -- converted by rsvg-convert in lesson.lua
  end
  return image
end

function Link(link)
  -- An EPUB may not link outside itself: the API docs' link becomes its text.
  if is_epub and not link.target:match("^#") and not link.target:match("^%a[%w+.-]*:") then
    return link.content
  end
  return nil
end

-- Inline code in LaTeX: pandoc's \texttt keeps long code on one line, past the margin. Here it may
-- break at spaces and after a slash, as the reader would, and, at a small cost, after `(`, `,`,
-- `.`, `_`, `-`, `=` and `;`, so that a long call in a hint never runs off the page.
local latex_escapes = {
  ["\\"] = "\\textbackslash{}", ["{"] = "\\{", ["}"] = "\\}", ["$"] = "\\$", ["&"] = "\\&",
  ["#"] = "\\#", ["^"] = "\\textasciicircum{}", ["_"] = "\\_", ["%"] = "\\%",
  ["~"] = "\\textasciitilde{}", ["-"] = "-{}", ["/"] = "/\\allowbreak{}", ["'"] = "\\textquotesingle{}",
  ["`"] = "\\textasciigrave{}", ["<"] = "\\textless{}", [">"] = "\\textgreater{}",
}

function Code(code)
  if not is_latex then
    return nil
  end
  local text = code.text:gsub("[\\{}$&#^_%%~/'`<>%-]", latex_escapes)
  text = text:gsub("([(,.=;])", "%1\\penalty50{}"):gsub("\\_", "\\_\\penalty50{}")
             :gsub("%-{}", "-{}\\penalty50{}")
  text = text:gsub(" ", "\\hspace{0.5em plus 0.1em}")
  return pandoc.RawInline("latex", "\\texttt{" .. text .. "}")
end

-- A table right below a heading: book.latex keeps a few lines below every heading, but a table
-- cannot start on a few lines (its head and first row are one unbreakable piece, often taller), so
-- the heading could still end a page with its table on the next. Before such a heading, ask for
-- room for the heading and the table's start together.
local function starts_with_table(block)
  return block ~= nil and (block.t == "Table" or
                           (block.t == "Div" and block.content[1] ~= nil and
                            block.content[1].t == "Table"))
end

function Blocks(blocks)
  if not is_latex then
    return nil
  end
  local result = {}
  for i, block in ipairs(blocks) do
    if block.t == "Header" and block.level > 1 and starts_with_table(blocks[i + 1]) then
      table.insert(result, latex("\\needspace{12\\baselineskip}"))
    end
    table.insert(result, block)
  end
  return result
end
