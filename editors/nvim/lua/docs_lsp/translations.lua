-- Translations: the server's code lens at the top of a default-language page ("translated in 3 of 5
-- languages") is shown by vim.lsp.codelens, refreshed as buffers of the docs_lsp client change; its
-- command (docsLsp.showTranslations) lists each language with its state in vim.ui.select, and the
-- chosen one opens that language's page, or its docs.json entry when it has no file (the language's
-- element when it does not list the page at all).
local M = {}

--- The lens command's languages: { language, state, label, uri?, entry? }.
function M.items(command)
  local arg = command and command.arguments and command.arguments[1] or {}
  local items = {}
  for _, it in ipairs(arg.languages or {}) do items[#items + 1] = it end
  return items, arg.title or 'Translations'
end

local function present(v) return v ~= nil and v ~= vim.NIL end

--- Open what an item points at.
function M.open(item, client)
  if not item then return end
  if present(item.uri) then
    vim.cmd.edit(vim.fn.fnameescape(vim.uri_to_fname(item.uri)))
  elseif present(item.entry) then
    local enc = client and client.offset_encoding or 'utf-16'
    vim.lsp.util.show_document(item.entry, enc, { focus = true })
  end
end

--- The handler of vim.lsp.commands['docsLsp.showTranslations'].
function M.show(command, ctx)
  local items, title = M.items(command)
  local client = ctx and ctx.client_id and vim.lsp.get_client_by_id(ctx.client_id)
  vim.ui.select(items, {
    prompt = title,
    format_item = function(it) return it.label end,
  }, function(choice) M.open(choice, client) end)
end

--- Show the server's code lenses in `buf` and keep them fresh.
function M.attach(buf)
  local lens = vim.lsp.codelens
  if lens.enable then
    -- Neovim 0.12: the lenses follow the buffer by themselves.
    lens.enable(true, { bufnr = buf })
    return
  end
  local function refresh()
    if vim.api.nvim_buf_is_valid(buf) then lens.refresh({ bufnr = buf }) end
  end
  refresh()
  vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'BufWritePost', 'CursorHold' }, {
    buffer = buf,
    group = vim.api.nvim_create_augroup('docs_lsp_codelens_' .. buf, { clear = true }),
    callback = refresh,
  })
end

return M
