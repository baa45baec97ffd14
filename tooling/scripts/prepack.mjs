// Every published package's `prepack` starts here. npm packs a workspace package with its
// `workspace:^` dependency ranges left as they are, which no registry user can install; pnpm
// rewrites them to versions. So a pack or publish started by npm stops here with one line,
// and one started by pnpm (or anything else) goes on to the build.
const agent = process.env['npm_config_user_agent'] ?? '';
if (agent.startsWith('npm/')) {
  console.error(
    'chess-formats: pack and publish with pnpm (`pnpm pack`, `pnpm publish`): npm would keep the workspace:^ dependency ranges',
  );
  process.exit(1);
}
