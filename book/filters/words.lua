-- SPDX-License-Identifier: MIT
-- The book's own words in the edition's language (words.tsv: key, English, Chinese). lesson.lua
-- sets M.lang from the metadata book_lang ("en" or "zh"); a key without a Chinese text falls
-- back to English, and an unknown key fails the build.
local M = { lang = "en" }

local texts = { en = {}, zh = {} }
for line in io.lines(pandoc.path.directory(PANDOC_SCRIPT_FILE) .. "/words.tsv") do
  if line ~= "" and line:sub(1, 1) ~= "#" then
    local key, en, zh = line:match("^([^\t]+)\t([^\t]*)\t([^\t]*)$")
    if key then
      texts.en[key] = en
      texts.zh[key] = zh ~= "" and zh or nil
    end
  end
end

-- The text of `key`, with its %s filled by the arguments.
function M.get(key, ...)
  local text = (texts[M.lang] or texts.en)[key] or texts.en[key]
  if not text then
    error("\n\nbook: book/filters/words.tsv has no key '" .. key .. "'\n", 0)
  end
  if select("#", ...) > 0 then
    return string.format(text, ...)
  end
  return text
end

return M
