/**
 * Cheap checks on an uploaded .xlsx before a spreadsheet library parses it: an .xlsx is a zip
 * (local file header `PK\x03\x04`), and its central directory tells how big it unpacks. A small
 * upload that would unpack to hundreds of megabytes (a zip bomb) is refused unread.
 */

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

export function looksLikeZip(buffer: Buffer): boolean {
  return buffer.length >= 30 && buffer.readUInt32LE(0) === LOCAL_HEADER;
}

/** Sum of the entries' uncompressed sizes, or null when the directory is unreadable (or zip64). */
export function unpackedSize(buffer: Buffer): number | null {
  let end = -1;
  // The end record is the last 22 bytes plus a comment of at most 65 535 bytes.
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 65_535); i -= 1) {
    if (buffer.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = buffer.readUInt16LE(end + 10);
  const offset = buffer.readUInt32LE(end + 16);
  let at = offset;
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL_HEADER) return null;
    const size = buffer.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + buffer.readUInt16LE(at + 28) + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
  }
  return total;
}
