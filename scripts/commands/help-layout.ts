// yargs' help text as dominosa prints it: with the one slip of its layout mended, where an
// option's right-aligned annotations ("[number] [default: 2]") start exactly where its
// description's last line ends and are printed glued to it ("allowed)[number]").

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
