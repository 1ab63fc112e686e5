// One linter for the whole tree; src/domain and the room engine (src/room/engine) get an extra fence that keeps the
// engines pure (design.md).
import tseslint from 'typescript-eslint';

const impureModules = ['node:*', 'fs', 'fs/*', 'net', 'child_process', 'os', 'path', 'johnny-five', 'serialport',
  'nfc-pcsc', 'mqtt', 'aedes', 'better-sqlite3', 'ws', 'pino'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'test-artifacts/**', 'dist/**', 'src/web/**/*.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/domain/**/*.ts', 'src/room/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: impureModules.map((group) => ({ group: [group],
        message: 'src/domain is pure: no I/O, hardware or network modules (design.md).' })) }],
      'no-restricted-globals': ['error',
        { name: 'setTimeout', message: 'src/domain is pure: timers are deadlines in the state.' },
        { name: 'setInterval', message: 'src/domain is pure: timers are deadlines in the state.' },
        { name: 'setImmediate', message: 'src/domain is pure.' },
        { name: 'process', message: 'src/domain is pure.' },
        { name: 'performance', message: 'src/domain is pure: time comes in the input.' }],
      'no-restricted-properties': ['error',
        { object: 'Date', property: 'now', message: 'src/domain is pure: time comes in each input\'s `at`.' },
        { object: 'Math', property: 'random', message: 'src/domain is pure and deterministic.' }],
      'no-restricted-syntax': ['error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'src/domain is pure: no wall clock.' }],
    },
  },
);
