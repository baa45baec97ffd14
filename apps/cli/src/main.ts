import manifest from '../package.json' with { type: 'json' };
import { FEN_HELP, MAIN_HELP, parseArgs, type HelpTopic } from './args.js';
import { CONNECT_HELP, connectMain } from './connect-command.js';
import { processConnectEnvironment } from './connect/process-environment.js';
import { runFenCommand, type CommandIo } from './fen-command.js';
import { runFenrCommand } from './fenr-command.js';
import { runOcpnCommand } from './ocpn-command.js';
import { runIccCommand } from './icc-command.js';
import { style12Main } from './style12-command.js';
import { runConvertCommand } from './convert-command.js';
import { runDetectCommand } from './detect-command.js';
import { runMovesCommand } from './moves-command.js';
import { runValidateCommand } from './validate-command.js';

/** Commands that read their own arguments; `help <name>` is `<name> --help`. */
const SUBCOMMANDS: Readonly<Record<string, (args: readonly string[], io: CommandIo) => Promise<number>>> = {
  convert: runConvertCommand,
  validate: runValidateCommand,
  detect: runDetectCommand,
  moves: runMovesCommand,
};

const HELP: Readonly<Record<HelpTopic, string>> = { main: MAIN_HELP, fen: FEN_HELP };

/** The version of this program, as published. */
export const VERSION: string = manifest.version;

/** Runs the command line (without the node and script paths) and returns the exit status. */
export async function main(args: readonly string[], io: CommandIo): Promise<number> {
  const named = args[0] === 'help' && args.length === 2 ? args[1] : args[0];
  const subcommand = named !== undefined && Object.prototype.hasOwnProperty.call(SUBCOMMANDS, named) ? SUBCOMMANDS[named] : undefined;
  if (subcommand) return subcommand(args[0] === 'help' ? ['--help'] : args.slice(1), io);
  if (args[0] === 'fenr') return runFenrCommand(args.slice(1), io);
  if (args[0] === 'help' && args[1] === 'fenr' && args.length === 2) return runFenrCommand(['--help'], io);
  if (args[0] === 'ocpn') return runOcpnCommand(args.slice(1), io);
  if (args[0] === 'help' && args[1] === 'ocpn' && args.length === 2) return runOcpnCommand(['--help'], io);
  // connect reads its own options (connect-command.ts) and needs the process's signals and terminal.
  if (args[0] === 'connect') return connectMain(args.slice(1), io, processConnectEnvironment());
  if (args[0] === 'help' && args[1] === 'connect' && args.length === 2) {
    await io.out(CONNECT_HELP);
    return 0;
  }
  if (args[0] === 'style12') return style12Main(args.slice(1), io);
  if (args[0] === 'help' && args[1] === 'style12' && args.length === 2) return style12Main(['--help'], io);
  if (args[0] === 'icc') return runIccCommand(args.slice(1), io);
  const invocation = parseArgs(args);
  switch (invocation.kind) {
    case 'help':
      await io.out(HELP[invocation.topic]);
      return 0;
    case 'version':
      await io.out(`${VERSION}\n`);
      return 0;
    case 'usage-error':
      await io.err(`chess-formats: ${invocation.message}\n\n${HELP[invocation.topic]}`);
      return 2;
    case 'fen':
      return runFenCommand(invocation.options, io);
  }
}
