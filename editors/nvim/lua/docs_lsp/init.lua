-- docs_lsp: Neovim (0.11+) integration of the docs-lsp language server.
--
--   require("docs_lsp").setup({
--     cmd = { "docs-lsp" },                 -- the server binary (default: docs-lsp on PATH)
--     settings = {                         -- the `docsLsp` settings object, passed through as is
--       assistant = { domain = "acme" },    -- see :help docs_lsp / README.md for every key
--       diagnostics = { debounceMs = 0 },
--     },
--   })
local M = {}

--- Name of the configuration in vim.lsp.config and of the client.
M.name = 'docs_lsp'

M.defaults = {
  cmd = nil, -- default { 'docs-lsp' }
  filetypes = { 'json', 'jsonc', 'mdx', 'markdown', 'yaml' },
  root_markers = { 'docs.json' },
  --- The `docsLsp` settings object (assistant.*, diagnostics.*), sent as initializationOptions and
  --- served for workspace/configuration section "docsLsp".
  settings = {},
  --- Call vim.lsp.enable() (set false to enable it yourself).
  enable = true,
  --- Open docs.json as jsonc (comments allowed) and *.mdx as mdx.
  filetype_detection = true,
  --- Show code lenses (a page's "N inbound links") in attached buffers, refreshed as you edit.
  codelens = true,
  --- Floating answer window: sizes are fractions of the editor size.
  float = { width = 0.7, height = 0.6, border = 'rounded' },
}

M.options = vim.deepcopy(M.defaults)

--- Empty Lua tables encode as JSON arrays; the server expects objects.
local function dictify(t)
  if type(t) ~= 'table' then return t end
  if next(t) == nil then return vim.empty_dict() end
  if vim.islist(t) then
    return vim.tbl_map(dictify, t)
  end
  local out = {}
  for k, v in pairs(t) do out[k] = dictify(v) end
  return out
end
M._dictify = dictify

--- The settings object sent to the server (a copy of options.settings with empty tables as objects).
function M.server_settings()
  return dictify(vim.deepcopy(M.options.settings or {}))
end

--- The vim.lsp.config table for docs-lsp (without registering it).
function M.lsp_config()
  local opts = M.options
  local settings = M.server_settings()
  return {
    cmd = opts.cmd or { 'docs-lsp' },
    filetypes = opts.filetypes,
    root_markers = opts.root_markers,
    -- Only start inside a docs site: without a docs.json above the file, do not attach.
    root_dir = function(bufnr, on_dir)
      local root = vim.fs.root(bufnr, opts.root_markers)
      if root then on_dir(root) end
    end,
    settings = { docsLsp = settings },
    init_options = settings,
    -- Refreshes Neovim does not declare by itself, handled below.
    capabilities = {
      workspace = {
        codeLens = { refreshSupport = true },
        diagnostics = { refreshSupport = true },
      },
    },
    handlers = {
      ['workspace/codeLens/refresh'] = function(err, result, ctx)
        return require('docs_lsp.lens').on_refresh(err, result, ctx)
      end,
      ['workspace/diagnostic/refresh'] = function(err, result, ctx)
        return require('docs_lsp.pull').on_refresh(err, result, ctx)
      end,
      ['docsLsp/assistantAnswer'] = function(err, result, ctx)
        require('docs_lsp.ask').on_answer(err, result, ctx)
      end,
      ['window/showDocument'] = function(err, result, ctx)
        -- never open a document inside the floating answer window
        local win = vim.api.nvim_get_current_win()
        if vim.api.nvim_win_get_config(win).relative ~= '' then
          local prev = vim.fn.win_getid(vim.fn.winnr('#'))
          if prev ~= 0 and prev ~= win then vim.api.nvim_set_current_win(prev) end
        end
        return vim.lsp.handlers['window/showDocument'](err, result, ctx)
      end,
    },
  }
end

function M.setup(opts)
  if vim.fn.has('nvim-0.11') ~= 1 then
    vim.notify('docs_lsp needs Neovim 0.11 or later (vim.lsp.config)', vim.log.levels.ERROR)
    return
  end
  M.options = vim.tbl_deep_extend('force', vim.deepcopy(M.defaults), opts or {})
  -- lists replace, not merge
  if opts and opts.filetypes then M.options.filetypes = opts.filetypes end
  if opts and opts.root_markers then M.options.root_markers = opts.root_markers end
  if M.options.filetype_detection then
    vim.filetype.add({ extension = { mdx = 'mdx' }, filename = { ['docs.json'] = 'jsonc' } })
  end
  vim.lsp.config(M.name, M.lsp_config())
  -- The server's "Ask assistant about this selection" code action: ask for the question first.
  vim.lsp.commands['docsLsp.askAssistant'] = function(command, ctx)
    require('docs_lsp.ask').from_code_action(command, ctx)
  end
  -- The translation lens's command: the languages and their states, to pick one and open it.
  vim.lsp.commands['docsLsp.showTranslations'] = function(command, ctx)
    require('docs_lsp.translations').show(command, ctx)
  end
  -- The inbound-links lens: its places in the location list.
  vim.lsp.commands['docsLsp.showReferences'] = function(command, ctx)
    require('docs_lsp.lens').show_references(command, ctx)
  end
  -- Code lenses (translations, inbound links) in the buffers docs_lsp attaches to.
  if M.options.codelens then
    vim.api.nvim_create_autocmd('LspAttach', {
      group = vim.api.nvim_create_augroup('docs_lsp_attach', { clear = true }),
      callback = function(ev)
        local client = vim.lsp.get_client_by_id(ev.data.client_id)
        if client and client.name == M.name and client:supports_method('textDocument/codeLens') then
          require('docs_lsp.lens').attach(ev.buf)
        end
      end,
    })
  end
  if M.options.enable then vim.lsp.enable(M.name) end
  M._did_setup = true
end

--- The docs-lsp client for a buffer (or any running one).
function M.get_client(bufnr)
  local clients = vim.lsp.get_clients({ name = M.name, bufnr = bufnr or 0 })
  if #clients == 0 then clients = vim.lsp.get_clients({ name = M.name }) end
  return clients[1]
end

return M
