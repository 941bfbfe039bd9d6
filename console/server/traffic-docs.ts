/**
 * `/docs/traffic`: the docs site's page for the traffic face (decision 029), beside the
 * interface and control API references (decision 011). Every list on it comes from the facts the
 * traffic face states about itself (traffic/docs-facts.ts: the command line's options, the
 * masking policy, the rules findings name, the replay's noise rules), so the page cannot drift
 * from the code; this module only writes them as HTML, every value escaped as text.
 */
import type { CommandFact, OptionFact, TrafficDocsFacts } from '../../traffic/docs-facts.ts';
import type { RuleScope } from '../../traffic/rules-known.ts';
import { escapeHtml, page } from './html.ts';

/** The order the page tells the commands in: the live one first, then offline, then replay. */
const COMMAND_ORDER = ['proxy', 'check', 'replay'];

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/** What one command does in the life of a migration, beside its own one-line description. */
const COMMAND_USE = new Map<string, string>([
  [
    'proxy',
    'Stands between a supplier and a deployed service (or the mock) on loopback: forwards every request and answer byte for byte, adds no header, sends no request of its own, checks each exchange on a thread of its own, and can record them redacted.',
  ],
  [
    'check',
    "Reads exchanges taken elsewhere (the kit's NDJSON recording, HAR from a browser, Playwright, Charles or mitmproxy) as streams, in order, and checks them as the proxy does.",
  ],
  [
    'replay',
    "Sends a recording in order to a fresh mock (or a target with the control API), with the mock's clock set to each exchange's time and the identifiers the service assigned mapped to the mock's, and reports per operation which answers differ and why.",
  ],
]);

/** A command's one-line description as a sentence: capital first, full stop last. */
function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return `${trimmed[0]?.toUpperCase()}${trimmed.slice(1)}${/[.!?]$/.test(trimmed) ? '' : '.'}`;
}

function ordered(commands: CommandFact[]): CommandFact[] {
  const rank = (name: string) => {
    const at = COMMAND_ORDER.indexOf(name);
    return at === -1 ? COMMAND_ORDER.length : at;
  };
  return [...commands].sort((a, b) => rank(a.name) - rank(b.name));
}

function optionRow(option: OptionFact): string {
  const values = option.choices ? option.choices.map(code).join(', ') : '';
  return `<tr><th scope="row">${code(option.flags)}${option.required ? ' (required)' : ''}</th><td>${escapeHtml(option.description)}</td><td>${option.default === undefined ? '' : code(option.default)}</td><td>${values}</td></tr>`;
}

function commandSection(command: CommandFact): string {
  const args = command.arguments
    .map((a) => (a.required ? `<${a.name}${a.variadic ? '...' : ''}>` : `[${a.name}]`))
    .join(' ');
  const usage = `data-import-traffic ${command.name}${args ? ` ${args}` : ''} [options]`;
  const id = `command-${command.name.replace(/[^a-z0-9-]/gi, '')}`;
  const use = COMMAND_USE.get(command.name);
  const argList = command.arguments
    .map((a) => `<li>${code(a.name)}: ${escapeHtml(a.description)}</li>`)
    .join('');
  return `<section aria-labelledby="${id}">
<h3 id="${id}">${code(usage)}</h3>
<p>${escapeHtml(sentence(command.description))}${use ? ` ${escapeHtml(use)}` : ''}</p>
${argList ? `<ul>${argList}</ul>` : ''}
<table data-command="${escapeHtml(command.name)}">
<caption class="visually-hidden">Options of ${escapeHtml(command.name)}</caption>
<thead><tr><th scope="col">Option</th><th scope="col">What it does</th><th scope="col">Default</th><th scope="col">Values</th></tr></thead>
<tbody>${command.options.map(optionRow).join('')}</tbody>
</table>
</section>`;
}

function option(facts: TrafficDocsFacts, command: string, flag: string): OptionFact | undefined {
  return facts.commands
    .find((c) => c.name === command)
    ?.options.find((o) => o.flags.split(/[ ,]+/).includes(flag));
}

function findingsSection(facts: TrafficDocsFacts): string {
  const formats = option(facts, 'check', '--format')?.default?.split(',') ?? [];
  const failOn = option(facts, 'check', '--fail-on');
  const severities = facts.severities
    .map((s) => `<tr><th scope="row">${code(s.source)}</th><td>${code(s.severity)}</td></tr>`)
    .join('');
  return `<section aria-labelledby="findings">
<h2 id="findings">Findings</h2>
<p>Each finding names:</p>
<dl class="facts">
<dt>rule</dt><dd>a rule ID of the reference (${code('PRC-2')}), a platform fact or a ${code('kit:')} rule (${code('kit:undocumented-status')}); the rules are listed <a href="#rules">below</a>.</dd>
<dt>source</dt><dd>${code('reference')}, ${code('platform')} or ${code('kit')}: where the rule comes from, which sets the severity.</dd>
<dt>severity</dt><dd>a reference rule broken is an error; a platform fact or a kit assumption, a warning.</dd>
<dt>operation</dt><dd>the operationId, or the method and path when no operation of the interface answers them.</dd>
<dt>pointer</dt><dd>an RFC 6901 JSON pointer into the exchange: ${code('/request/body/…')}, ${code('/response/body/…')}, ${code('/response/status')}, ${code('/request/headers/authorization')}.</dd>
</dl>
<table>
<caption class="visually-hidden">Severity by source</caption>
<thead><tr><th scope="col">Source</th><th scope="col">Severity</th></tr></thead>
<tbody>${severities}</tbody>
</table>
<p>Findings are grouped by (rule, operation, pointer), each group with its count and its first and last samples: the request line and both bodies, masked (<a href="#masking">below</a>), cut at 2,000 characters a body. A day of traffic gives a list of deviations, not a million lines.</p>
<p>Reports (${code('--report-dir')}, ${code('--format')}): ${formats.map(code).join(', ')}. ${
    failOn
      ? `${code('--fail-on')} ${failOn.choices?.map(code).join(' or ') ?? ''} (default ${code(failOn.default ?? '')}) sets the exit code for CI: 1 when a finding at or above that severity exists, 0 otherwise; bad input or arguments are one line on stderr and exit 2, with no report written.`
      : ''
  }</p>
</section>`;
}

function maskingSection(facts: TrafficDocsFacts): string {
  const rows = facts.mask.entries
    .map(
      (e) =>
        `<tr><th scope="row">${code(e.name)}</th><td>${e.where === 'header' ? 'header' : 'JSON field, at any depth'}</td><td>${code(facts.mask.marker)}</td><td>${code(`[REDACTED:${e.kind}:n]`)}</td></tr>`,
    )
    .join('');
  return `<section aria-labelledby="masking">
<h2 id="masking">Masking</h2>
<p>A report's sample keeps the request line and both bodies, never a header or a query string. A recording (${code('proxy --record')}) keeps every exchange with the values of the policy replaced: headers by name (the scheme of an Authorization value kept), JSON fields by name at any depth, the same names written ${code('name: "value"')} in text and as query parameters, and every JWT anywhere. In a recording a value becomes a stable pseudonym, numbered per kind in order of first sight, so a replay can map the token an ObtainToken answer issued to the one its target issues. Names match without regard to case. ${code('--mask-policy FILE')} replaces the lists with JSON ${code('{"headers": [...], "fields": [...]}')}; an unknown key or a bad list is refused.</p>
<table id="mask-policy">
<caption class="visually-hidden">The default masking policy</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Where</th><th scope="col">In a report</th><th scope="col">In a recording</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</section>`;
}

function rulesSection(facts: TrafficDocsFacts): string {
  const severity = new Map(facts.severities.map((s) => [s.source, s.severity]));
  const scope: Record<RuleScope, string> = {
    exchange: 'one exchange',
    history: "the account's history",
    operator: "the kit mock's operator statements in the stream",
    proxy: 'the proxy',
  };
  const rows = facts.rules
    .map(
      (r) =>
        `<tr><th scope="row">${code(r.rule)}</th><td>${escapeHtml(r.source)}</td><td>${escapeHtml(severity.get(r.source) ?? '')}</td><td>${escapeHtml(scope[r.scope])}</td><td>${escapeHtml(r.shows)}</td></tr>`,
    )
    .join('');
  return `<section aria-labelledby="rules">
<h2 id="rules">The rules the checker knows</h2>
<p>Judged on one exchange alone, on what the exchanges before it showed of the same supplier's account (kept per supplier and account, bounded by ${code('--max-accounts')}; the checker concludes only from what it saw), or by the proxy itself.</p>
<table id="rules-table">
<caption class="visually-hidden">Rules a finding can name</caption>
<thead><tr><th scope="col">Rule</th><th scope="col">Source</th><th scope="col">Severity</th><th scope="col">Judged on</th><th scope="col">What breaks it</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</section>`;
}

function noiseSection(facts: TrafficDocsFacts): string {
  const rows = facts.noise
    .map((n) => `<tr><th scope="row">${code(n.rule)}</th><td>${escapeHtml(n.reason)}</td></tr>`)
    .join('');
  return `<section aria-labelledby="noise">
<h2 id="noise">Replay: what is noise, not a difference</h2>
<p>A replayed answer is compared with the recorded one: status and body exactly, and of the headers only Content-Type and those the spec documents for the answer, except where one of these rules applies. Every fidelity report lists them with their reason.</p>
<table id="noise-rules">
<caption class="visually-hidden">Noise rules of a replay</caption>
<thead><tr><th scope="col">Rule</th><th scope="col">Why it is noise</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</section>`;
}

/** The whole page, from the traffic face's facts. */
export function trafficDocsPage(facts: TrafficDocsFacts): string {
  const commands = ordered(facts.commands);
  return page({
    title: 'Traffic conformance (data-import-traffic)',
    styles: ['/console/console.css'],
    body: `<main id="main" class="landing traffic-docs">
<h1>Traffic conformance: ${code('data-import-traffic')}</h1>
<p>The kit's third face, beside the mock and the contract suite: it judges real exchanges with a service (a test deployment, production, or this mock) by the same contract, records them with secrets masked, and replays a recording against the mock to show where the mock would have answered differently. A command (${code('data-import-traffic')}) and a module (the package's ${code('./traffic')} entry).</p>
<nav aria-label="On this page"><ul class="links">
<li><a href="#commands">The commands</a></li>
<li><a href="#findings">Findings</a></li>
<li><a href="#masking">Masking</a></li>
<li><a href="#rules">The rules the checker knows</a></li>
<li><a href="#noise">Replay: what is noise</a></li>
</ul></nav>
<section aria-labelledby="commands">
<h2 id="commands">The commands</h2>
${commands.map(commandSection).join('\n')}
</section>
${findingsSection(facts)}
${maskingSection(facts)}
${rulesSection(facts)}
${noiseSection(facts)}
</main>`,
  });
}
