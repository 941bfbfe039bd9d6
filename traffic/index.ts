/**
 * The kit's third face as a module (`data-import-contract-kit/traffic`, decision 029): the
 * checker that judges exchanges by the contract, the readers of recordings and HAR files, the
 * checking proxy with its redacted recording, the replay of a recording against a mock with its
 * fidelity report, the mask policy and the report writers, for a supplier who drives them from
 * code rather than from `data-import-traffic`.
 *
 * @example
 * import { startTrafficProxy } from 'data-import-contract-kit/traffic';
 * const proxy = await startTrafficProxy({ target: 'https://import.example.com' });
 * // point the client at proxy.url ... then:
 * const { groups } = await proxy.close();
 */
export { type CheckerOptions, type CheckerResult, TrafficChecker } from './checker.ts';
export type { Exchange, Header, TrafficRequest, TrafficResponse } from './exchange.ts';
export type { FidelityReport } from './fidelity-reports.ts';
export {
  fidelityHtml,
  fidelityJson,
  fidelityJUnit,
  fidelityMarkdown,
} from './fidelity-reports.ts';
export type { DifferingExchange, FidelityResult, OperationFidelity } from './fidelity-result.ts';
export type { Finding, FindingGroup, FindingSource, Severity } from './findings.ts';
export { readHar } from './har.ts';
export {
  DEFAULT_MASK_POLICY,
  type MaskPolicy,
  MaskPolicyError,
  parseMaskPolicy,
} from './mask.ts';
export {
  DEFAULT_MAX_CAPTURE_BYTES,
  startTrafficProxy,
  type TrafficProxy,
  type TrafficProxyOptions,
} from './proxy.ts';
export {
  openRecording,
  type RecorderOptions,
  type RecordingSummary,
  TrafficRecorder,
} from './record.ts';
export { PSEUDONYM, Pseudonyms, redactExchange } from './record-redact.ts';
export {
  parseRecordingLine,
  RECORDING_VERSION,
  readRecording,
  recordingLine,
  TrafficInputError,
} from './recording.ts';
export {
  ReplayError,
  type ReplayOptions,
  type ReplayTarget,
  replayRecording,
} from './replay.ts';
export {
  type TrafficReport,
  totals,
  trafficHtml,
  trafficJson,
  trafficJUnit,
  trafficMarkdown,
  trafficSarif,
} from './reports.ts';
