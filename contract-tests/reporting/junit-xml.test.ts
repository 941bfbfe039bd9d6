import { describe, expect, it } from 'vitest';
import { junitXml, notRunJUnit } from './junit-xml.ts';
import { notRunSummary } from './test-summaries.test-helper.ts';

describe('junitXml', () => {
  it('derives the counts from the cases and escapes names and messages', () => {
    const xml = junitXml({
      name: 'traffic',
      time: 3,
      suites: [
        {
          name: 'createNote',
          timestamp: '2026-01-02T03:04:05.000Z',
          hostname: 'proxy',
          time: 3,
          cases: [
            { name: 'POST /v1/notes/ [NOTE-1]', classname: 'createNote', time: 1 },
            {
              name: 'POST /v1/notes/ <#/notes/0>',
              classname: 'createNote',
              time: 2,
              failure: { message: 'a "b" & c', type: 'NOTE-2', text: '<detail>' },
            },
          ],
        },
      ],
    });
    expect(xml.split('\n')).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites id="" name="traffic" tests="2" failures="1" skipped="0" errors="0" time="3">',
      '<testsuite name="createNote" timestamp="2026-01-02T03:04:05.000Z" hostname="proxy" tests="2" failures="1" skipped="0" time="3" errors="0">',
      '<testcase name="POST /v1/notes/ [NOTE-1]" classname="createNote" time="1"/>',
      '<testcase name="POST /v1/notes/ &lt;#/notes/0&gt;" classname="createNote" time="2">',
      '<failure message="a &quot;b&quot; &amp; c" type="NOTE-2">&lt;detail&gt;</failure>',
      '</testcase>',
      '</testsuite>',
      '</testsuites>',
      '',
    ]);
  });
});

describe('notRunJUnit', () => {
  it('writes the preflight’s one failure with the unrounded duration', () => {
    const xml = notRunJUnit(notRunSummary());
    const title = 'did not run: the service said &lt;b&gt;&quot;no&quot; &amp; left&lt;/b&gt;';
    expect(xml.split('\n')).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites id="" name="Data-Import contract suite" tests="1" failures="1" skipped="0" errors="0" time="2.345">',
      '<testsuite name="preflight" timestamp="2026-01-02T03:04:05.000Z" hostname="preflight" tests="1" failures="1" skipped="0" time="2.345" errors="0">',
      `<testcase name="${title}" classname="preflight" time="2.345">`,
      `<failure message="${title}" type="Preflight">${title}</failure>`,
      '</testcase>',
      '</testsuite>',
      '</testsuites>',
      '',
    ]);
  });
});
