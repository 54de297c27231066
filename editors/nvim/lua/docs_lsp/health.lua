-- :checkhealth docs_lsp
local M = {}

local KEY_ENV = 'DOCS_ASSISTANT_API_KEY'

--- A copy of the settings with the key replaced: the key is never printed.
function M.redact(settings)
  local copy = vim.deepcopy(settings or {})
  if type(copy.assistant) == 'table' and copy.assistant.apiKey ~= nil then
    copy.assistant.apiKey = '<set, hidden>'
  end
  return copy
end

function M.check()
  local h = vim.health
  local docs_lsp = require('docs_lsp')
  h.start('docs_lsp: Neovim')
  if vim.fn.has('nvim-0.11') == 1 then
    h.ok('Neovim ' .. tostring(vim.version()))
  else
    h.error('Neovim 0.11 or later is needed (vim.lsp.config / vim.lsp.enable)')
  end
  if docs_lsp._did_setup then
    h.ok('require("docs_lsp").setup() was called')
  else
    h.warn('require("docs_lsp").setup() was not called: the server is not configured', { 'Add require("docs_lsp").setup({}) to your config' })
  end

  h.start('docs_lsp: server binary')
  local cfg = vim.lsp.config[docs_lsp.name] or {}
  local cmd = type(cfg.cmd) == 'table' and cfg.cmd or (docs_lsp.options.cmd or { 'docs-lsp' })
  local exe = vim.fn.exepath(cmd[1])
  if exe == '' then
    h.error(string.format('%q not found (not executable, nor on PATH)', cmd[1]), {
      'Install it: cargo install --locked --path . (in a checkout of docs-lsp)',
      'or pass cmd = { "/path/to/docs-lsp" } to require("docs_lsp").setup()',
    })
  else
    h.ok('binary: ' .. exe)
    local ok, res = pcall(function() return vim.system({ exe, '--version' }, { text = true }):wait(5000) end)
    local out = ok and res and vim.trim((res.stdout or '') .. '') or ''
    if ok and res.code == 0 and out:match('^docs%-lsp ') then
      h.ok('version: ' .. out)
    else
      h.warn('`' .. exe .. ' --version` did not print "docs-lsp <version>"' .. (ok and res and (' (exit ' .. tostring(res.code) .. ')') or ''))
    end
  end

  h.start('docs_lsp: settings')
  local settings = docs_lsp.options.settings or {}
  local shown = vim.inspect(M.redact(settings), { newline = ' ', indent = '' })
  h.info('settings (docsLsp): ' .. shown)
  local a = type(settings.assistant) == 'table' and settings.assistant or {}
  local base = a.baseUrl or vim.env.DOCS_ASSISTANT_BASE_URL
  local domain = a.domain or vim.env.DOCS_ASSISTANT_DOMAIN
  h.info('assistant base URL: ' .. (base or 'server default (https://api.mintlify.com)'))
  if domain and domain ~= '' then
    h.ok('assistant domain: ' .. domain)
  else
    h.warn('no assistant domain (settings.assistant.domain or $DOCS_ASSISTANT_DOMAIN): :DocsAsk will fail')
  end
  if type(a.apiKey) == 'string' and a.apiKey ~= '' then
    h.ok('assistant API key is set (in settings.assistant.apiKey; not shown)')
  elseif vim.env[KEY_ENV] and vim.env[KEY_ENV] ~= '' then
    h.ok('assistant API key is set (in $' .. KEY_ENV .. '; not shown)')
  else
    h.warn('no assistant API key: set $' .. KEY_ENV .. ' or settings.assistant.apiKey')
  end

  h.start('docs_lsp: clients')
  local clients = vim.lsp.get_clients({ name = docs_lsp.name })
  if #clients == 0 then
    h.info('no docs-lsp client running (open a file under a folder with docs.json)')
  end
  for _, c in ipairs(clients) do
    local info = c.server_info and ((c.server_info.name or '?') .. ' ' .. (c.server_info.version or '')) or 'unknown server'
    h.ok(string.format('client %d: %s, root %s', c.id, info, c.root_dir or c.config.root_dir or '?'))
  end
end

return M
