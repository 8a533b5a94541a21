// yargs' help text as dominosa prints it: with the one slip of its layout mended, where an
// option's right-aligned annotations ("[number] [default: 2]") start exactly where its
// description's last line ends and are printed glued to it ("allowed)[number]"); and laid out
// only when it is printed.
import type { Argv } from 'yargs';

/** The annotations yargs sets right of an option, the first of them glued to the text before it. */
const GLUED = /\S\[(?:boolean|count|string|array|number|deprecated|required|choices:|default:)/;

/** `help` with every glued annotation moved to a line of its own, ending where it ended. */
export function mendHelp(help: string): string {
  return help
    .split('\n')
    .map((line) => {
      const at = GLUED.exec(line);
      if (at === null) return line;
      const text = line.slice(0, at.index + 1);
      const notes = line.slice(at.index + 1);
      return `${text}\n${' '.repeat(Math.max(0, line.length - notes.length))}${notes}`;
    })
    .join('\n');
}

/** The parts of yargs' usage object that noHelpCache replaces (not in its published types). */
interface YargsInternals {
  getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } };
}

/**
 * Stop yargs from laying out a verb's whole help as the verb starts (60-100 ms of text wrapping
 * every run), a copy it keeps only for a showHelp() called inside a verb, which dominosa never
 * calls: help is printed only for --help, laid out then.
 */
export function noHelpCache(parser: Argv): void {
  const usage = (parser as unknown as YargsInternals).getInternalMethods?.().getUsageInstance?.();
  if (usage?.cacheHelpMessage !== undefined) usage.cacheHelpMessage = () => {};
}
