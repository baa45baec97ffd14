// Every published package's `prepack` starts here. npm packs a workspace package with its
// `workspace:^` dependency ranges left as they are, which no registry user can install; pnpm
// rewrites them to versions. So a pack or publish started by npm stops here with one line,
// and one started by pnpm (or anything else) goes on to the build.
// Who runs this: the tool that runs a script names itself in `npm_execpath` (npm's npm-cli.js,
// pnpm's pnpm.cjs), whatever its parent left in the environment; `npm_config_user_agent` is the
// fallback, as npm takes it from an outer pnpm's environment as its own setting.
const execpath = process.env['npm_execpath'] ?? '';
const agent = process.env['npm_config_user_agent'] ?? '';
if (execpath !== '' ? /[\\/]npm-cli\.[cm]?js$/.test(execpath) : agent.startsWith('npm/')) {
  console.error(
    'chess-formats: pack and publish with pnpm (`pnpm pack`, `pnpm publish`): npm would keep the workspace:^ dependency ranges',
  );
  process.exit(1);
}
