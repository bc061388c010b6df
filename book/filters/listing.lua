-- SPDX-License-Identifier: MIT
-- Literate listings: the region of a source file between `// ANCHOR: name` and
-- `// ANCHOR_END: name`, or the whole file. Marker lines (of any anchor) never appear in a listing;
-- the region's common indentation is removed. book/tests/check_book.py extracts regions the same
-- way, independently, to check every listing in the HTML against its file.
local common = require("common")

local M = {}

-- A marker is a comment line of its own: `// ANCHOR: name`, `# ANCHOR_END: name`, ...
local function marker(line)
  local kind, name = line:match("^%s*[/#%-;%*]+%s*(ANCHOR_END):%s*([%w_%-%.]+)%s*$")
  if kind then
    return "end", name
  end
  name = line:match("^%s*[/#%-;%*]+%s*ANCHOR:%s*([%w_%-%.]+)%s*$")
  if name then
    return "start", name
  end
  return nil
end

local function dedent(lines)
  local indent = nil
  for _, line in ipairs(lines) do
    if line:match("%S") then
      local spaces = #line:match("^( *)")
      if indent == nil or spaces < indent then
        indent = spaces
      end
    end
  end
  if not indent or indent == 0 then
    return lines
  end
  local result = {}
  for _, line in ipairs(lines) do
    table.insert(result, line:sub(indent + 1))
  end
  return result
end

-- The region's text, or nil and an error message. `anchor` nil: the whole file.
function M.region(text, anchor, shown_path)
  local lines, names, inside, found, closed = {}, {}, false, false, false
  for number, line in ipairs(common.lines(text)) do
    local kind, name = marker(line)
    if kind == "start" then
      names[name] = true
      if name == anchor then
        if found then
          return nil, "anchor '" .. anchor .. "' starts twice in " .. shown_path .. " (line " ..
                          number .. ")"
        end
        found, inside = true, true
      end
    elseif kind == "end" then
      if name == anchor and inside then
        inside, closed = false, true
      end
    elseif anchor == nil or inside then
      table.insert(lines, line)
    end
  end
  if anchor ~= nil then
    if not found then
      local known = {}
      for name in pairs(names) do
        table.insert(known, name)
      end
      table.sort(known)
      return nil, "no anchor '" .. anchor .. "' in " .. shown_path .. " (anchors there: " ..
                      (#known > 0 and table.concat(known, ", ") or "none") .. ")"
    end
    if not closed then
      return nil, "anchor '" .. anchor .. "' in " .. shown_path .. " has no `ANCHOR_END: " ..
                      anchor .. "` line"
    end
  end
  while #lines > 0 and not lines[#lines]:match("%S") do
    table.remove(lines)
  end
  while #lines > 0 and not lines[1]:match("%S") do
    table.remove(lines, 1)
  end
  return table.concat(dedent(lines), "\n")
end

-- Highlighting classes: skylighting has no CUDA syntax; CUDA C++ highlights well as C++.
local language_aliases = { cuda = "cpp", cu = "cpp", cuh = "cpp", hpp = "cpp", cc = "cpp",
                           sh = "bash", py = "python", txt = "" }

function M.language(classes, path)
  local first = classes[1]
  if not first then
    first = path:match("%.([%w]+)$") or ""
  end
  local mapped = language_aliases[first]
  if mapped == nil then
    mapped = first
  end
  return mapped, first
end

return M
