// One imported file → an ImportPlan: a WordPress WXR (.xml), a Ghost export (.json), or Byline's own
// export (.zip with byline.json and media/, or the bare .json). Anything else is refused with a reason.
import { parseBylineExport, isBylineExport } from './import-byline';
import { ghostData, parseGhost, type GhostOptions } from './import-ghost';
import { ImportFileError, type ImportPlan } from './import-plan';
import { readExportZip } from './import-zip';
import { declaresDoctype, DOCTYPE_REFUSED, looksLikeWxr, parseWxr } from './import-wxr';

export const NEITHER_FORMAT =
  'This file is neither a WordPress export (WXR .xml), a Ghost export (.json) nor a Byline export (.zip or .json).';

const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ImportFileError('This JSON file is not complete or not valid JSON. Export it again and import the whole file.');
  }
}

/** `options.from`: the old site's address, for a Ghost export's `__GHOST_URL__` addresses. */
export function parseImportFile(bytes: Uint8Array, options: GhostOptions = {}): ImportPlan {
  if (isZip(bytes)) {
    const files = readExportZip(bytes);
    const json = files.get('byline.json');
    if (!json) throw new ImportFileError(`${NEITHER_FORMAT} (The zip has no byline.json.)`);
    return parseBylineExport(parseJson(new TextDecoder().decode(json)), files);
  }
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  const start = text.trimStart().slice(0, 1);
  if (start === '<') {
    // Before any XML parser sees it: a DOCTYPE is where external and recursive entities are declared.
    if (declaresDoctype(text)) throw new ImportFileError(DOCTYPE_REFUSED);
    if (!looksLikeWxr(text)) throw new ImportFileError(NEITHER_FORMAT);
    return parseWxr(text);
  }
  if (start === '{') {
    const json = parseJson(text);
    if (isBylineExport(json)) return parseBylineExport(json);
    if (ghostData(json)) return parseGhost(json, options);
  }
  throw new ImportFileError(NEITHER_FORMAT);
}
