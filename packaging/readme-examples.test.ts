import { describe, expect, test } from 'vitest';
import {
  matchesSample,
  readmeExamples,
  sessionAnswers,
  sessionScript,
  shellCommands,
} from './readme-examples.ts';

describe('readmeExamples', () => {
  test('finds marked blocks in order, with their kind, file name and first line', () => {
    const md = [
      'text',
      '<!-- readme-test: start -->',
      '```sh',
      'npx data-import-mock',
      '```',
      '```sh',
      'not marked',
      '```',
      '<!-- readme-test: file a.mjs -->',
      '```js',
      'console.log(1);',
      '```',
    ].join('\n');
    expect(readmeExamples(md)).toEqual([
      { kind: 'start', code: 'npx data-import-mock\n', line: 4 },
      { kind: 'file', name: 'a.mjs', code: 'console.log(1);\n', line: 11 },
    ]);
  });

  test('finds the install commands a fresh project runs first', () => {
    const md = ['<!-- readme-test: install -->', '```sh', 'npm install --save-dev a b@1', '```'];
    expect(readmeExamples(md.join('\n'))).toEqual([
      { kind: 'install', code: 'npm install --save-dev a b@1\n', line: 3 },
    ]);
  });

  test('refuses a marker without a code block after it', () => {
    expect(() => readmeExamples('<!-- readme-test: sh -->\ntext')).toThrow(/must precede/);
  });
});

describe('shellCommands', () => {
  test('joins continued lines and loops, and keeps the sample answers under a command', () => {
    const code = [
      '# a remark',
      'curl -s a \\',
      '  -d x',
      '# {"a":1}   (201; 200 again)',
      'for X in 1 2; do',
      '  echo $X',
      'done',
      'echo 3   # trailing remark',
      '# 3',
      '# 4',
      '',
      '# (a remark after a blank line)',
    ].join('\n');
    expect(shellCommands(code, 10)).toEqual([
      { command: 'curl -s a \\\n  -d x', line: 11, sample: '{"a":1}' },
      { command: 'for X in 1 2; do\n  echo $X\ndone', line: 14 },
      { command: 'echo 3   # trailing remark', line: 17, sample: '3\n4' },
    ]);
  });
});

describe('matchesSample', () => {
  test('compares whole answers, with ... standing for anything', () => {
    expect(matchesSample('{"a":1,"b":"x"}\n', '{"a":1,...}')).toBe(true);
    expect(matchesSample('{"a":2,"b":"x"}', '{"a":1,...}')).toBe(false);
    expect(matchesSample('{"a":1} extra', '{"a":1}')).toBe(false);
    expect(matchesSample('A-1.2', 'A-1.2')).toBe(true);
    expect(matchesSample('A-1x2', 'A-1.2')).toBe(false);
  });
});

describe('sessionScript', () => {
  test('marks each command so its answer can be cut out of the output', () => {
    const commands = shellCommands('printf a\necho b\n');
    const script = sessionScript(commands);
    expect(script.startsWith('set -e\n')).toBe(true);
    const out = 'a\n@@readme-test@@0\nb\n\n@@readme-test@@1\n';
    expect(sessionAnswers(out)).toEqual(['a', 'b']);
  });
});
