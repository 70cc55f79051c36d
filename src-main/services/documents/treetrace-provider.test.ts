// The TreeTrace service: keys checked against the index, archives found by the walk and read in place.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentIndex } from './document-index';
import { findDocuments } from './find-documents';
import { loadTreeTraceDocument, treeTraceService } from './treetrace-provider';

const ZIP = fileURLToPath(
  new URL('../../../e2e/fixtures/treetrace/archives/api-key-auth-bundle.zip', import.meta.url),
);

let root: string;
let index: DocumentIndex | null = null;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'le-tt-'));
});
afterEach(async () => {
  await index?.close();
  index = null;
  await rm(root, { recursive: true, force: true });
});

describe('treeTraceService', () => {
  it('finds a zipped bundle under a root and reads its nested .treetrace/ in place', async () => {
    await cp(ZIP, path.join(root, 'archives', 'bundle.zip'));
    const found = await findDocuments(root);
    expect(found.map((d) => [path.basename(d.key), d.kind])).toEqual([['bundle.zip', 'treetrace']]);
    const doc = await loadTreeTraceDocument(found[0]!.key);
    expect(doc.error).toBeNull();
    expect(doc.bundle?.nodes).toHaveLength(4);
    expect(doc.bundle?.correctionChains).toHaveLength(2);
  });

  it('reads only known documents: any other path is refused', async () => {
    index = new DocumentIndex([root]);
    await index.start();
    const service = treeTraceService(index);
    await expect(service.bundle(path.join(root, 'nope', '.treetrace'))).rejects.toThrow(/no document/);
  });
});
