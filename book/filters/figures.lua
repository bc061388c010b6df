-- SPDX-License-Identifier: MIT
-- Figures and tables made from data: the article's numbers next to this GPU's (book/data/
-- article-figures.tsv, article-map.tsv, results/), plots of measured sweeps (book/tools/plot_svg.py)
-- and timelines of recorded traces (build/bin/book-timeline, the renderer of gpucheck --timeline).
-- Every SVG is also converted to PDF with rsvg-convert, for the PDF edition.
local common = require("common")
local words = require("words")

local M = {}

-- A box in place of a figure that cannot be drawn: its text is markdown, in bold first words.
local function placeholder(text)
  return pandoc.Div(pandoc.read(text, "markdown").blocks, pandoc.Attr("", { "not-measured" }))
end
M.placeholder = placeholder

local figure_count = 0

local function figure_paths(ctx, name)
  figure_count = figure_count + 1
  local base = ctx.figures_dir .. "/" .. ctx.prefix .. name:gsub("[^%w%-]", "-") .. "-" .. figure_count
  return base .. ".svg", base .. ".pdf"
end

local function to_pdf(ctx, svg, pdf)
  common.run(ctx.where, "rsvg-convert", { "-f", "pdf", "-o", pdf, svg })
end

local function figure(ctx, block, svg, default_caption)
  local caption = block.attributes["caption"] or default_caption
  local inlines = pandoc.read(caption, "markdown").blocks
  inlines = #inlines > 0 and inlines[1].content or {}
  local image = pandoc.Image(inlines, svg, "fig:", pandoc.Attr(block.identifier, {}, {}))
  return pandoc.Para({ image })
end

---------------------------------------------------------------------------------------------------
-- The article's numbers and this GPU's

local function article_rows(ctx, example)
  local rows = common.read_tsv(ctx.root .. "/book/data/article-figures.tsv") or {}
  local result = {}
  for _, row in ipairs(rows) do
    if row[1] == example then
      -- Columns 6 and 7: the case and what it covers in Chinese (the Chinese edition's table).
      local chinese = ctx.lang == "zh"
      table.insert(result, { case = row[2], n = row[3], seconds = tonumber(row[4]), covers = row[5],
                             shown_case = chinese and row[6] or row[2],
                             shown_covers = chinese and row[7] or row[5] })
    end
  end
  return result
end

local function milliseconds(seconds)
  if seconds >= 0.01 then
    return string.format("%.1f ms", seconds * 1000)
  elseif seconds >= 0.001 then
    return string.format("%.2f ms", seconds * 1000)
  end
  return string.format("%.3f ms", seconds * 1000)
end

-- What this course's program printed for one row of the article (book/data/article-map.tsv).
local function measured(ctx, row, example, machines)
  local map = common.read_tsv(ctx.root .. "/book/data/article-map.tsv") or {}
  for _, m in ipairs(map) do
    if m[1] == example and m[2] == row.case and m[3] == row.n then
      local path = ctx.root .. "/lessons/" .. m[4] .. "/results/" .. m[5] .. ".txt"
      local result = common.read_result(path)
      if not result then
        return "—"
      end
      machines[common.describe_machine(result.header)] = true
      local wanted, seen = tonumber(m[7] or "1") or 1, 0
      for _, line in ipairs(common.lines(result.body)) do
        local value = line:match(m[6])
        if value then
          seen = seen + 1
          if seen == wanted then
            return milliseconds(tonumber(value))
          end
        end
      end
      common.warn(ctx.where, "no line matching '" .. m[6] .. "' in " ..
                             common.repo_relative(ctx.root, path))
      return "—"
    end
  end
  return "—"
end

local function cell(text)
  return (text:gsub("|", "\\|"))
end

function M.compare_table(ctx, example)
  local rows = article_rows(ctx, example)
  if #rows == 0 then
    common.fail(ctx.where, "the article has no example " .. tostring(example) ..
                           " in book/data/article-figures.tsv")
  end
  local machines = {}
  local lines = {
    words.get("compare-header"),
    "|:----------------------|------:|-----------:|:------------------------------------|-------------:|",
  }
  for _, row in ipairs(rows) do
    table.insert(lines, "| " .. cell(row.shown_case) .. " | " .. row.n .. " | " .. milliseconds(row.seconds) ..
                        " | " .. cell(row.shown_covers) .. " | " .. measured(ctx, row, example, machines) .. " |")
  end
  local names = {}
  for name in pairs(machines) do
    table.insert(names, name)
  end
  table.sort(names)
  local where = #names > 0 and words.get("compare-on", table.concat(names, "; ")) or
                    words.get("compare-not-measured")
  table.insert(lines, "")
  table.insert(lines, "Table: " .. words.get("compare-caption", example, where))
  local doc = pandoc.read(table.concat(lines, "\n"), "markdown")
  local tbl = doc.blocks[1]
  tbl.attr = pandoc.Attr(ctx.prefix .. "tbl-article-" .. example, { "compare" }, {})
  return tbl
end

---------------------------------------------------------------------------------------------------
-- Plots of measured data

-- `.plot` blocks for the plots book/data/plots.tsv lists for this lesson, except those whose run
-- the lesson already plots itself.
function M.listed_plots(ctx, body)
  local placed = {}
  pandoc.walk_block(pandoc.Div(body), {
    CodeBlock = function(b)
      if b.classes:includes("plot") then
        placed[(b.attributes["lesson"] or ctx.folder) .. "/" .. (b.attributes["run"] or "main")] = true
      end
    end,
  })
  local result = {}
  for _, row in ipairs(common.read_tsv(ctx.root .. "/book/data/plots.tsv") or {}) do
    if row[1] == ctx.folder and not placed[row[1] .. "/" .. row[2]] then
      local names = { "lesson", "run", "x", "y", "labels", "logx", "logy", "xlabel", "ylabel", "caption" }
      local attributes = {}
      for i, name in ipairs(names) do
        if row[i] and row[i] ~= "" then
          attributes[name] = row[i]
        end
      end
      -- Column 11: the caption of the Chinese edition.
      if ctx.lang == "zh" and row[11] and row[11] ~= "" then
        attributes["caption"] = row[11]
      end
      table.insert(result, pandoc.CodeBlock("", pandoc.Attr(ctx.prefix .. "fig-" .. row[2] .. "-plot",
                                                            { "plot" }, attributes)))
    end
  end
  return result
end

function M.plot(ctx, block)
  local a = block.attributes
  local lesson = a["lesson"] or ctx.folder
  local run = a["run"] or "main"
  local data = ctx.root .. "/lessons/" .. lesson .. "/results/" .. run .. ".txt"
  if not common.file_exists(data) then
    common.warn(ctx.where, "no measured data " .. common.repo_relative(ctx.root, data) ..
                           " for a plot (the book says \"not yet measured\")")
    return placeholder(words.get("not-measured", words.get("plot-not-measured", lesson, run)))
  end
  local svg, pdf = figure_paths(ctx, run .. "-plot")
  local args = { ctx.root .. "/book/tools/plot_svg.py", "--data", data, "--out", svg,
                 "--x", a["x"] or "", "--y", a["y"] or "" }
  for _, option in ipairs({ "xlabel", "ylabel", "title", "labels" }) do
    if a[option] then
      table.insert(args, "--" .. option)
      table.insert(args, a[option])
    end
  end
  for _, flag in ipairs({ "logx", "logy" }) do
    if a[flag] == "true" or a[flag] == "yes" then
      table.insert(args, "--" .. flag)
    end
  end
  common.run(ctx.where, ctx.python, args)
  to_pdf(ctx, svg, pdf)
  local measured_on = words.get("measured-on", common.describe_machine(common.read_result(data).header))
  if a["caption"] then
    -- Chinese sentences are not separated by a space.
    block.attributes["caption"] = a["caption"] .. (ctx.lang == "zh" and "" or " ") .. measured_on
  end
  return figure(ctx, block, svg, measured_on)
end

---------------------------------------------------------------------------------------------------
-- Timelines of recorded traces

function M.timeline(ctx, block)
  local trace = block.attributes["trace"]
  if not trace then
    common.fail(ctx.where, "a .timeline block needs trace=\"/checker/tests/fixtures/recorded/....jsonl\"")
  end
  local path = trace:sub(1, 1) == "/" and common.normalize(ctx.root .. trace) or
                   common.normalize(ctx.dir .. "/" .. trace)
  if not common.file_exists(path) then
    common.fail(ctx.where, "timeline trace=\"" .. trace .. "\": no such file " ..
                           common.repo_relative(ctx.root, path))
  end
  if ctx.timeline_tool == "" or not common.file_exists(ctx.timeline_tool) then
    common.warn(ctx.where, "timeline of " .. trace .. " not drawn: build/bin/book-timeline is not built")
    return placeholder(words.get("timeline-not-drawn"))
  end
  local svg, pdf = figure_paths(ctx, pandoc.path.filename(path):gsub("%.jsonl$", ""))
  local args = { path, svg }
  if block.attributes["title"] then
    table.insert(args, "--title")
    table.insert(args, block.attributes["title"])
  end
  if block.attributes["width"] then
    table.insert(args, "--width")
    table.insert(args, block.attributes["width"])
  end
  common.run(ctx.where, ctx.timeline_tool, args)
  to_pdf(ctx, svg, pdf)
  return figure(ctx, block, svg, words.get("timeline-caption", common.repo_relative(ctx.root, path)))
end

return M
