/**
 * Document paths (DOC-1..DOC-3, SUP-4): where a note's document or a statement's PDF is expected
 * in the bucket, the operator's "check documents" switch, and documents the operator places.
 */

import type { FieldError } from '../../spec/index.ts';
import { own } from './dictionary.ts';
import type { MockEnv } from './env.ts';
import { fail, fieldError, invalid, ok, type Result } from './result.ts';
import { type MockState, type Supplier, touch } from './state.ts';

/**
 * A document path without its leading slash, `.` and empty segments, and with `..` applied
 * (DOC-2): both `some/path/doc.pdf` and `/notes/1234/attachment.jpg` are relative to the root
 * location. Null when a `..` would leave the root or nothing is left.
 */
export function normaliseDocumentPath(path: string): string | null {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.length > 0 ? segments.join('/') : null;
}

/** Where a document is expected in the bucket: `<root location><path>` (DOC-2, SUP-4). */
export function documentLocation(documentRoot: string, normalisedPath: string): string {
  const root = documentRoot.replace(/^\/+|\/+$/g, '');
  return root ? `${root}/${normalisedPath}` : normalisedPath;
}

/**
 * The failure of one document path, or null (DOC-1, DOC-2): `invalid_document_path` when it
 * leaves the supplier's root location; with the operator's "check documents" switch on,
 * `path_does_not_exist_in_file_store` when the document store has no such file.
 */
export function checkDocumentPath(
  state: MockState,
  env: MockEnv,
  supplier: Supplier,
  path: string,
  attr: string,
): FieldError | null {
  const normalised = normaliseDocumentPath(path);
  if (normalised === null) return fieldError('invalid_document_path', attr, { path });
  const location = documentLocation(supplier.documentRoot, normalised);
  if (
    state.checkDocuments &&
    !(state.placedDocuments ?? []).includes(location) &&
    !env.documents?.exists(location)
  ) {
    return fieldError('path_does_not_exist_in_file_store', attr, { path });
  }
  return null;
}

/**
 * Places a document in the mock's bucket for a supplier (operator): with the check-documents
 * switch on, a document or statement path naming it then exists (DOC-1, DOC-2). Gives its bucket
 * location; `not_found` for an unknown supplier, `invalid_document_path` for a path
 * that leaves the supplier's root.
 */
export function placeDocument(
  state: MockState,
  importSupplier: string,
  path: string,
): Result<{ location: string }> {
  const supplier = own(state.suppliers, importSupplier);
  if (!supplier) {
    return fail('not_found', undefined, { detail: `No import supplier ${importSupplier}.` });
  }
  const normalised = normaliseDocumentPath(path);
  if (normalised === null) return invalid([fieldError('invalid_document_path', 'path', { path })]);
  const location = documentLocation(supplier.documentRoot, normalised);
  state.placedDocuments = [...new Set([...(state.placedDocuments ?? []), location])];
  touch(state);
  return ok({ location });
}

/** The operator's "check documents" switch (DOC-1): off by default, as the service stores no files. */
export function setCheckDocuments(state: MockState, on: boolean): void {
  state.checkDocuments = on;
  touch(state);
}
