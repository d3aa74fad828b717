import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'out/',
      '.tools/',
      '.work/',
      '.vscode-test/',
      // laid over src/ and type-checked there by test/unit/extension/webviews/addAView.test.ts
      'test/views/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      curly: ['warn', 'multi-line'],
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's describe/test return promises the runner itself awaits
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: ['describe', 'test', 'it', 'suite'], package: 'node:test' },
          ],
        },
      ],
    },
  },
  {
    // The client is a pure library: the extension, the webviews and vscode stay out of it.
    files: ['src/client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'src/client is a pure library; it never imports vscode.' },
          ],
          patterns: [
            {
              group: ['**/extension/**', '**/webview/**', '**/shared/**'],
              message: 'src/client imports nothing from other src/ folders.',
            },
          ],
        },
      ],
    },
  },
  {
    // One copy of the client in the extension host, loaded with its code cache; every answer read
    // with a cap.
    files: ['src/extension/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\/)client$/]',
          message: 'Load the client with loadClientLibrary() (connections/clientLibrary.ts).',
        },
        {
          // a server whose answer never ends must not fill the host's memory (boundedRows.ts)
          selector: 'CallExpression[callee.property.name=/^toArray(WithTotal)?$/]',
          message:
            'Read a PuppetDB answer with a cap: readAtMost, readWhole (boundedRows.ts), rowsAtMost or pageAtMost (truncationNotice.ts), or first().',
        },
      ],
    },
  },
  {
    // Webview bundles run in the browser: no vscode API, no Node, no client runtime.
    files: ['src/webview/**/*.ts', 'src/shared/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vscode',
              message: 'Webviews talk to the host through src/shared/protocol/.',
            },
          ],
          patterns: [
            { group: ['node:*'], message: 'Webview code runs in the browser.' },
            {
              group: ['**/extension/**', '**/client/**', '**/client'],
              message: 'Webviews import only src/shared (types) and src/webview.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright evaluates a string predicate anew in every frame it polls; in a webview, whose
    // CSP has no 'unsafe-eval', every evaluation after the first is refused. A function is
    // evaluated once.
    files: ['test/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name=/frame/i][callee.property.name='waitForFunction'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
          message: 'In a webview frame, wait for a function predicate: its CSP refuses a string.',
        },
      ],
    },
  },
);
