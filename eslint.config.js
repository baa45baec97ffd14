// Lint for correctness, not style: the formatter (prettier, `pnpm format`) owns the layout.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'docs/**',
      'coverage/**',
      '**/.turbo/**',
      // What tests write as they run (scratch projects and files).
      '**/.scratch/**',
      'apps/demo/test-results/**',
      'tooling/bench/.bundle-*/**',
    ],
  },
  eslint.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        // Node and the browser (the demo): the few globals the sources use.
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      // The wire formats are delimited by control characters (ICC's ^Y, a terminal's ESC): a
      // regular expression that names one does so on purpose.
      'no-control-regex': 'off',
      // A destructuring whose names are partly reassigned stays one `let`.
      'prefer-const': ['error', { destructuring: 'all' }],
      // Unused names are errors, except those marked unused on purpose with a leading `_`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
