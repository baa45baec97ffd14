import { FEN_HELP, MAIN_HELP, parseArgs } from './args.js';
import { connectMain } from './connect-command.js';
import { processConnectEnvironment } from './connect/process-environment.js';
import { runFenCommand, type CommandIo } from './fen-command.js';
import { runIccCommand } from './icc-command.js';
import { style12Main } from './style12-command.js';

/** Runs the command line (without the node and script paths) and returns the exit status. */
export async function main(args: readonly string[], io: CommandIo): Promise<number> {
  // connect reads its own options (connect-command.ts) and needs the process's signals and terminal.
  if (args[0] === 'connect') return connectMain(args.slice(1), io, processConnectEnvironment());
  if (args[0] === 'style12') return style12Main(args.slice(1), io);
  if (args[0] === 'icc') return runIccCommand(args.slice(1), io);
  const invocation = parseArgs(args);
  switch (invocation.kind) {
    case 'help':
      await io.out(invocation.topic === 'fen' ? FEN_HELP : MAIN_HELP);
      return 0;
    case 'usage-error':
      await io.err(`chess-formats: ${invocation.message}\n\n${MAIN_HELP}`);
      return 2;
    case 'fen':
      return runFenCommand(invocation.options, io);
  }
}
