-- SPDX-License-Identifier: MIT
-- Helpers shared by the book's Lua filters: metadata access, files, errors and warnings.
local M = {}

local stringify = pandoc.utils.stringify

-- The build script passes everything a filter needs as metadata (-M key=value).
function M.setting(meta, key, default)
  local value = meta[key]
  if value == nil then
    return default
  end
  return stringify(value)
end

-- A build error: pandoc stops and prints this message; build_book.py shows it as it is.
function M.fail(where, message)
  error("\n\nbook: " .. where .. ": " .. message .. "\n", 0)
end

function M.warn(where, message)
  io.stderr:write("[book warning] " .. where .. ": " .. message .. "\n")
end

function M.read_file(path)
  local file = io.open(path, "rb")
  if not file then
    return nil
  end
  local text = file:read("a")
  file:close()
  return text
end

function M.file_exists(path)
  local file = io.open(path, "rb")
  if file then
    file:close()
    return true
  end
  return false
end

-- Lines of a text, without their line ends; a last line without a newline counts.
function M.lines(text)
  local result = {}
  for line in (text .. (text:sub(-1) == "\n" and "" or "\n")):gmatch("(.-)\r?\n") do
    table.insert(result, line)
  end
  return result
end

-- Runs a program; fails the build with its output when it does not succeed.
function M.run(where, program, args)
  local ok, result = pcall(pandoc.pipe, program, args, "")
  if not ok then
    local output = type(result) == "table" and (result.output or "") or tostring(result)
    M.fail(where, "`" .. program .. " " .. table.concat(args, " ") .. "` failed:\n" .. output)
  end
  return result
end

-- A path as the reader should see it: relative to the repository root when inside it.
function M.repo_relative(root, path)
  if path:sub(1, #root + 1) == root .. "/" then
    return path:sub(#root + 2)
  end
  return path
end

-- "a/b/../c" -> "a/c" (pandoc 2.17's pandoc.path.normalize keeps "..").
function M.normalize(path)
  local parts = {}
  local absolute = path:sub(1, 1) == "/"
  for part in path:gmatch("[^/]+") do
    if part == ".." and #parts > 0 and parts[#parts] ~= ".." then
      table.remove(parts)
    elseif part ~= "." then
      table.insert(parts, part)
    end
  end
  return (absolute and "/" or "") .. table.concat(parts, "/")
end

-- Parses a tab-separated file: rows as lists of fields; '#' comment lines and blank lines skipped.
function M.read_tsv(path)
  local text = M.read_file(path)
  if not text then
    return nil
  end
  local rows = {}
  for _, line in ipairs(M.lines(text)) do
    if line ~= "" and line:sub(1, 1) ~= "#" then
      local fields = {}
      for field in (line .. "\t"):gmatch("([^\t]*)\t") do
        table.insert(fields, field)
      end
      table.insert(rows, fields)
    end
  end
  return rows
end

-- A measured-output file (lessons/<lesson>/results/<run>.txt): leading `# key: value` lines
-- are the header (gpu, driver, cuda, date, command), the rest is what the program printed.
function M.read_result(path)
  local text = M.read_file(path)
  if not text then
    return nil
  end
  local header, body, in_header = {}, {}, true
  for _, line in ipairs(M.lines(text)) do
    local key, value = line:match("^# ([%w_%-]+): ?(.*)$")
    if in_header and key then
      header[key] = value
    else
      in_header = false
      table.insert(body, line)
    end
  end
  while #body > 0 and body[#body]:match("^%s*$") do
    table.remove(body)
  end
  return { header = header, body = table.concat(body, "\n") }
end

-- "NVIDIA H200 (driver 580.159.04, CUDA 13.0), 2026-12-02"
function M.describe_machine(header)
  local words = require("words")
  local gpu = header.gpu or words.get("unnamed-gpu")
  local details = {}
  if header.driver then
    table.insert(details, words.get("driver", header.driver))
  end
  if header.cuda then
    table.insert(details, "CUDA " .. header.cuda)
  end
  local text = gpu
  if #details > 0 then
    text = text .. " (" .. table.concat(details, ", ") .. ")"
  end
  if header.date then
    text = text .. ", " .. header.date
  end
  return text
end

return M
