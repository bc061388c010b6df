-- SPDX-License-Identifier: MIT
-- The Chinese edition's glossary (book/glossary.tsv) as a table, for a ```{.glossary}``` block
-- (book/back/glossary.md, the instructor edition's appendix). The English edition prints English,
-- Chinese, the variants not to use and the English note; the Chinese edition the Chinese term
-- first and the Chinese note. book/tests/check_glossary.py reads the same file.
local common = require("common")
local words = require("words")

local M = {}

local function split(field)
  local parts = {}
  if field == nil or field == "" or field == "-" then
    return parts
  end
  for part in (field .. " | "):gmatch("(.-) | ") do
    part = part:gsub("^%s+", ""):gsub("%s+$", "")
    if part ~= "" then
      table.insert(parts, part)
    end
  end
  return parts
end

local function cell(text)
  return (text:gsub("|", "\\|"))
end

-- A variant as printed: a regular expression ("re:...") as code, a literal as it is.
local function shown(variant)
  if variant:sub(1, 3) == "re:" then
    return "`" .. variant:sub(4) .. "`"
  end
  return cell(variant)
end

function M.table(ctx)
  local path = ctx.root .. "/book/glossary.tsv"
  local text = common.read_file(path)
  if not text then
    common.fail(ctx.where, "a .glossary block, but no book/glossary.tsv")
  end
  local chinese = ctx.lang == "zh"
  local separator = chinese and "、" or ", "
  local lines = {
    words.get("glossary-header"),
    "|:--------------------|:----------------|:----------------|:------------------------------------|",
  }
  local header_seen = false
  for _, line in ipairs(common.lines(text)) do
    if line ~= "" and line:sub(1, 1) ~= "#" then
      local fields = {}
      for field in (line .. "\t"):gmatch("([^\t]*)\t") do
        table.insert(fields, field)
      end
      if not header_seen then
        header_seen = true -- english, chinese, variants, allowed, note, note_zh
      elseif #fields >= 6 then
        local english, terms, variants = fields[1], split(fields[2]), split(fields[3])
        local term_text = cell(table.concat(terms, chinese and "；" or "; "))
        local variant_text = {}
        for _, variant in ipairs(variants) do
          table.insert(variant_text, shown(variant))
        end
        local not_used = #variant_text > 0 and table.concat(variant_text, separator) or "—"
        local first, second = cell(english), term_text
        if chinese then
          first, second = term_text, cell(english)
        end
        table.insert(lines, "| " .. first .. " | " .. second .. " | " .. not_used .. " | " ..
                            cell(chinese and fields[6] or fields[5]) .. " |")
      end
    end
  end
  table.insert(lines, "")
  table.insert(lines, "Table: " .. words.get("glossary-caption"))
  local doc = pandoc.read(table.concat(lines, "\n"), "markdown")
  local tbl = doc.blocks[1]
  tbl.attr = pandoc.Attr(ctx.prefix .. "tbl-glossary", { "glossary" }, {})
  return tbl
end

return M
