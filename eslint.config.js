// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'

/**
 * no-restricted-imports options that refuse core's main entry and every entry of core but
 * `allowed`.
 * @param {string[]} allowed
 * @param {string} message
 */
const onlyCoreEntries = (allowed, message) => ({
  paths: [{ name: '@latch/core', message }],
  patterns: [{ group: ['@latch/core/*', ...allowed.map((entry) => `!${entry}`)], message }],
})

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/coverage/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/storybook-static/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo)$/]',
          message: 'Focused or skipped tests never land: CI must run every test.',
        },
      ],
    },
  },
  {
    // The rules of hooks and the React Compiler's checks, on every package that renders React.
    files: [
      'packages/react/**/*.{ts,tsx}',
      'apps/playground/**/*.{ts,tsx}',
      'apps/minimal-host/**/*.{ts,tsx}',
    ],
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // It only says the React Compiler would skip memoizing a component (TanStack Virtual's):
      // Latch does not use the compiler, so there is nothing to act on.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['packages/react/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@xstate/react',
              importNames: ['useSelector'],
              message:
                "Use hooks/useSelector.js: it is React's own useSyncExternalStore, where @xstate/react's brings a React 17 shim into every host's start-up bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    // Core is framework- and chain-library-free by design (see the design card).
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
              message: 'core has no React.',
            },
            {
              group: ['viem', 'viem/*', '@solana/*', 'bitcoinjs-lib'],
              message: 'core has no chain library.',
            },
          ],
        },
      ],
    },
  },
  {
    // Dependencies point one way: the server imports core's wire side only (its schemas and the
    // pure rules both sides share), never core's main entry, which is client code.
    files: ['packages/server/**/*.{ts,mts,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        onlyCoreEntries(
          ['@latch/core/api'],
          'The server imports only @latch/core/api of core: the wire schemas and the rules both sides share, never client code.',
        ),
      ],
    },
  },
  {
    // Its tests may also call it with core's own clients, exactly as an instance does.
    files: ['packages/server/**/*.test.ts', 'packages/server/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        onlyCoreEntries(
          ['@latch/core/api', '@latch/core/clients'],
          "The server's tests import @latch/core/api, and @latch/core/clients to call the server as an instance does.",
        ),
      ],
    },
  },
)
