/**
 * OpenAI's vision pricing (reference 1.7): low detail is a flat 85 tokens; high detail scales the image to
 * fit 2048 px, then its short side to 768 px, and costs 170 per 512 px tile plus 85. gpt-4o-mini
 * multiplies both (2833 base, 5667 per tile).
 */
export function imageTokens(model: string, detail: string | undefined, size: { width: number; height: number } | undefined): number {
  const mini = model.startsWith('gpt-4o-mini');
  const base = mini ? 2833 : 85;
  const perTile = mini ? 5667 : 170;
  if (detail === 'low') return base;
  // Remote images are not downloaded on the hot path: count them as a 1024 x 1024 picture.
  let { width, height } = size ?? { width: 1024, height: 1024 };
  if (width > 2048 || height > 2048) {
    const scale = 2048 / Math.max(width, height);
    width = Math.floor(width * scale);
    height = Math.floor(height * scale);
  }
  if (Math.min(width, height) > 768) {
    const scale = 768 / Math.min(width, height);
    width = Math.floor(width * scale);
    height = Math.floor(height * scale);
  }
  return Math.ceil(width / 512) * Math.ceil(height / 512) * perTile + base;
}

/** Width and height from a data URL's PNG, GIF, JPEG or WebP header, without decoding the image. */
export function dataUrlImageSize(url: string): { width: number; height: number } | undefined {
  const match = /^data:image\/[a-z+]+;base64,/i.exec(url);
  if (!match) return undefined;
  const bytes = Buffer.from(url.slice(match[0].length, match[0].length + 65536), 'base64');
  if (bytes.length > 24 && bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length > 10 && bytes.toString('ascii', 0, 3) === 'GIF') return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length > 30 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return webpSize(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return undefined;
}

function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    // Start-of-frame markers carry the size; DHT (C4), JPG (C8) and DAC (CC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return undefined;
}

function webpSize(bytes: Buffer): { width: number; height: number } | undefined {
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return undefined;
}
