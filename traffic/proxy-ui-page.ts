/**
 * The live view's page (decision 029, "The live view"), self-contained: its markup, style and
 * script are served by proxy-ui.ts from the same origin and load nothing else. The script sets
 * every value that comes from traffic as text (`textContent`), never as markup, so a rule name,
 * an operation or a sample can show anything and run nothing.
 */

/** The page: totals, a severity filter, the table of groups and the sample of the chosen one. */
export const PROXY_UI_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Data-Import proxy: live findings</title>
<link rel="stylesheet" href="live.css">
<script src="live.js" defer></script>
</head>
<body>
<main data-ready="false">
<h1>Data-Import proxy: live findings</h1>
<p id="target"></p>
<p id="status" role="status">Reading the findings...</p>
<dl id="totals">
<dt>Exchanges</dt><dd id="exchanges">0</dd>
<dt>Errors</dt><dd id="errors">0</dd>
<dt>Warnings</dt><dd id="warnings">0</dd>
<dt>Groups</dt><dd id="groups">0</dd>
</dl>
<label>Severity
<select id="severity">
<option value="all">all</option>
<option value="error">error</option>
<option value="warning">warning</option>
</select>
</label>
<table id="findings">
<thead><tr><th>Severity</th><th>Rule</th><th>Source</th><th>Operation</th><th>Pointer</th><th>Count</th><th>First</th><th>Last</th><th>Sample</th></tr></thead>
<tbody></tbody>
</table>
<p id="empty">No finding.</p>
<section id="sample" hidden>
<h2 id="sample-title"></h2>
<p id="sample-message"></p>
<h3>First sample (masked)</h3>
<pre id="sample-first"></pre>
<h3>Last sample (masked)</h3>
<pre id="sample-last"></pre>
</section>
</main>
</body>
</html>
`;

/** The page's style: plain, readable on a narrow screen. */
export const PROXY_UI_STYLE = `body { font-family: system-ui, sans-serif; margin: 1rem; color: #1b1b1b; }
dl#totals { display: flex; gap: 1.5rem; }
dl#totals dt { font-weight: bold; }
dl#totals dd { margin: 0 0 0 0.3rem; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
tr.error td:first-child { color: #a00; font-weight: bold; }
tr.warning td:first-child { color: #850; }
tr.selected { background: #eef; }
pre { white-space: pre-wrap; word-break: break-all; background: #f6f6f6; padding: 0.5rem; }
`;

/**
 * The page's script: polls findings.json every second, shows the totals and the groups (the one
 * whose last finding is newest first), filters by severity, and shows a group's masked samples
 * when its button is pressed. A failed poll is said on the page and retried.
 */
export const PROXY_UI_SCRIPT = `'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const keyOf = (g) => [g.rule, g.operation, g.pointer].join('\\u0000');
  const when = (ms) => new Date(ms).toISOString();
  let groups = [];
  let chosen;

  const cell = (row, text) => {
    const td = document.createElement('td');
    td.textContent = String(text);
    row.appendChild(td);
    return td;
  };

  const showSample = () => {
    const g = groups.find((x) => keyOf(x) === chosen);
    $('sample').hidden = g === undefined;
    if (g === undefined) return;
    $('sample-title').textContent = g.rule + ' ' + g.operation + ' ' + (g.pointer || '/');
    $('sample-message').textContent = g.last.message;
    $('sample-first').textContent = g.first.excerpt;
    $('sample-last').textContent = g.last.excerpt;
  };

  const render = () => {
    const severity = $('severity').value;
    const shown = groups
      .filter((g) => severity === 'all' || g.severity === severity)
      .sort((a, b) => b.last.time - a.last.time);
    const rows = shown.map((g) => {
      const row = document.createElement('tr');
      row.className = g.severity + (keyOf(g) === chosen ? ' selected' : '');
      for (const text of [g.severity, g.rule, g.source, g.operation, g.pointer || '/', g.count]) {
        cell(row, text);
      }
      cell(row, when(g.first.time));
      cell(row, when(g.last.time));
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Show';
      button.setAttribute('aria-label', 'Sample of ' + g.rule + ' ' + g.operation + ' ' + (g.pointer || '/'));
      button.addEventListener('click', () => {
        chosen = keyOf(g);
        render();
      });
      cell(row, '').appendChild(button);
      return row;
    });
    $('findings').tBodies[0].replaceChildren(...rows);
    $('empty').hidden = shown.length > 0;
    showSample();
  };

  const poll = async () => {
    try {
      const response = await fetch('findings.json', { cache: 'no-store' });
      if (!response.ok) throw new Error('findings.json answered ' + response.status);
      const report = await response.json();
      groups = report.findings;
      for (const name of ['exchanges', 'errors', 'warnings', 'groups']) {
        $(name).textContent = String(report.totals[name]);
      }
      $('target').textContent = 'Checking the traffic to ' + report.inputs.join(', ') + ' since ' + report.started + '.';
      $('status').textContent = 'Updated ' + report.finished + (report.totals.dropped ? '; ' + report.totals.dropped + ' findings beyond the group cap not kept' : '') + '.';
      render();
      document.querySelector('main').dataset.ready = 'true';
    } catch (error) {
      $('status').textContent = 'The proxy does not answer (' + error.message + '); retrying.';
    } finally {
      setTimeout(poll, 1000);
    }
  };

  $('severity').addEventListener('change', render);
  poll();
})();
`;
