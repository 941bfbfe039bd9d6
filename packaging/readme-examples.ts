/**
 * The README's examples as data, so that a test can run them exactly as printed (the README is
 * the documentation users copy from; a test keeps it from drifting). An example is a fenced code
 * block right after a marker comment:
 *
 * - `<!-- readme-test: start -->`: the command that starts the mock (run in the background);
 * - `<!-- readme-test: sh -->`: shell commands, run in order in one shell session, so a block may
 *   use what an earlier one set; the comment lines right after a command that start with `{`,
 *   `[`, `"`, a digit or a capital letter are the command's sample answer, compared with what it
 *   printed (`...` stands for anything; two spaces and a parenthesised remark after it are not
 *   part of the answer);
 * - `<!-- readme-test: file NAME -->`: a file the reader saves as NAME before the next commands;
 * - `<!-- readme-test: install -->`: the npm commands that install what the examples use, run
 *   first in a fresh project (with the kit's name standing for the packed tarball).
 */

/** One marked example of the README. */
export interface ReadmeExample {
  kind: 'start' | 'sh' | 'file' | 'install';
  /** The file name of a `file` example. */
  name?: string;
  code: string;
  /** The line of the README the code starts on (1-based), for messages. */
  line: number;
}

/** One shell command of an `sh` example, with the sample answer printed under it. */
export interface ShellCommand {
  command: string;
  line: number;
  sample?: string;
}

const MARKER = /^<!-- readme-test: (start|sh|file|install)(?: (\S+))? -->$/;

/** Every marked example, in README order. */
export function readmeExamples(markdown: string): ReadmeExample[] {
  const lines = markdown.split('\n');
  const examples: ReadmeExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = MARKER.exec(lines[i]?.trim() ?? '');
    if (!marker) continue;
    const fence = lines[i + 1] ?? '';
    if (!/^```\w*$/.test(fence)) {
      throw new Error(`README line ${i + 1}: a readme-test marker must precede a code block`);
    }
    const end = lines.indexOf('```', i + 2);
    if (end < 0) throw new Error(`README line ${i + 2}: the code block does not end`);
    const kind = marker[1] as ReadmeExample['kind'];
    if (kind === 'file' && !marker[2]) throw new Error(`README line ${i + 1}: a file needs a name`);
    examples.push({
      kind,
      ...(marker[2] ? { name: marker[2] } : {}),
      code: `${lines.slice(i + 2, end).join('\n')}\n`,
      line: i + 3,
    });
    i = end;
  }
  return examples;
}

const SAMPLE = /^#\s+([[{"\dA-Z].*)$/;

/**
 * The commands of a shell example: a line continued with `\`, or a `for`/`while` loop up to its
 * `done`, is one command; comment lines are not commands, except that the ones right after a
 * command that look like an answer are its sample.
 */
export function shellCommands(code: string, firstLine = 1): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let current: ShellCommand | undefined;
  let loops = 0;
  let last: ShellCommand | undefined;
  code.split('\n').forEach((text, index) => {
    const line = firstLine + index;
    if (current) {
      current.command += `\n${text}`;
    } else if (text.trim() === '') {
      last = undefined;
      return;
    } else if (text.trimStart().startsWith('#')) {
      const sample = SAMPLE.exec(text.trim());
      if (last && sample) {
        const answer = (sample[1] as string).replace(/\s{2,}\(.*\)\s*$/, '');
        last.sample = last.sample === undefined ? answer : `${last.sample}\n${answer}`;
      } else {
        last = undefined;
      }
      return;
    } else {
      current = { command: text, line };
    }
    if (/^\s*(for|while|until)\b.*;\s*do\s*$/.test(text)) loops++;
    if (/^\s*done\b/.test(text)) loops--;
    if (loops === 0 && !/\\$/.test(text)) {
      commands.push(current);
      last = current;
      current = undefined;
    }
  });
  if (current) throw new Error(`line ${current.line}: the command does not end`);
  return commands;
}

/** True when what a command printed is its sample answer (`...` matches anything). */
export function matchesSample(printed: string, sample: string): boolean {
  const pattern = sample
    .trim()
    .split('...')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*?');
  return new RegExp(`^${pattern}$`).test(printed.trim());
}

const MARK = '@@readme-test@@';

/**
 * One bash script that runs the commands in order and prints a mark after each, so the output
 * can be cut back into each command's answer. It stops at the first command that fails.
 */
export function sessionScript(commands: readonly ShellCommand[]): string {
  return [
    'set -e',
    ...commands.flatMap((c, i) => [c.command, `printf '\\n${MARK}%d\\n' ${i}`]),
  ].join('\n');
}

/** What each command of {@link sessionScript} printed, by index. */
export function sessionAnswers(stdout: string): string[] {
  const answers: string[] = [];
  let from = 0;
  for (const match of stdout.matchAll(new RegExp(`\\n${MARK}(\\d+)\\n`, 'g'))) {
    answers[Number(match[1])] = stdout.slice(from, match.index).trim();
    from = (match.index as number) + match[0].length;
  }
  return answers;
}
