/**
 * The writer of JUnit XML (reports/contract-junit.xml), which CI systems read. Playwright's own
 * JUnit reporter writes it for a run that ran; this writer replaces it for a run that did not
 * start (one failure, `did not run: <cause>`), and takes plain suites and cases so that a tool
 * without Playwright (a traffic checker) can write the same format.
 */
import { escapeMarkup } from './markup.ts';
import type { NotRunSummary } from './summary.ts';

/** One test case; a case with a failure failed. Times are in seconds. */
export interface JUnitCase {
  name: string;
  classname: string;
  time: number;
  failure?: { message: string; type: string; text: string };
}

/** One suite of cases. */
export interface JUnitSuite {
  name: string;
  /** ISO time the suite started. */
  timestamp: string;
  hostname: string;
  time: number;
  cases: JUnitCase[];
}

/** A whole report. */
export interface JUnitReport {
  name: string;
  time: number;
  suites: JUnitSuite[];
}

const failures = (cases: JUnitCase[]) => cases.filter((c) => c.failure).length;

function caseXml(c: JUnitCase): string[] {
  const open = `<testcase name="${escapeMarkup(c.name)}" classname="${escapeMarkup(c.classname)}" time="${c.time}"`;
  if (!c.failure) return [`${open}/>`];
  const { message, type, text } = c.failure;
  return [
    `${open}>`,
    `<failure message="${escapeMarkup(message)}" type="${escapeMarkup(type)}">${escapeMarkup(text)}</failure>`,
    '</testcase>',
  ];
}

function suiteXml(s: JUnitSuite): string[] {
  return [
    `<testsuite name="${escapeMarkup(s.name)}" timestamp="${s.timestamp}" hostname="${escapeMarkup(s.hostname)}" tests="${s.cases.length}" failures="${failures(s.cases)}" skipped="0" time="${s.time}" errors="0">`,
    ...s.cases.flatMap(caseXml),
    '</testsuite>',
  ];
}

/** The JUnit XML of a report, with the counts derived from its cases. */
export function junitXml(report: JUnitReport): string {
  const cases = report.suites.flatMap((s) => s.cases);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites id="" name="${escapeMarkup(report.name)}" tests="${cases.length}" failures="${failures(cases)}" skipped="0" errors="0" time="${report.time}">`,
    ...report.suites.flatMap(suiteXml),
    '</testsuites>',
    '',
  ].join('\n');
}

/** The JUnit report of a run that did not start: the preflight's one failed case. */
export function notRunJUnit(summary: NotRunSummary): string {
  const { seconds, startedAt } = summary.run;
  const { title } = summary;
  return junitXml({
    name: 'Data-Import contract suite',
    time: seconds,
    suites: [
      {
        name: 'preflight',
        timestamp: startedAt,
        hostname: 'preflight',
        time: seconds,
        cases: [
          {
            name: title,
            classname: 'preflight',
            time: seconds,
            failure: { message: title, type: 'Preflight', text: title },
          },
        ],
      },
    ],
  });
}
