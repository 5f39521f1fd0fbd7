import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv.js';

describe('csvField', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, "b"\nc')).toBe('"a, ""b""\nc"');
  });

  it('neutralises a text a spreadsheet would run as a formula with a leading single quote', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvField('+1+2')).toBe("'+1+2");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe('"\'\r=1"');
  });

  it('leaves numbers, booleans and texts that only contain those signs as they are', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(-0.25)).toBe('-0.25');
    expect(csvField(true)).toBe('true');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('gpt-4o')).toBe('gpt-4o');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('neutralises the text fields of a record and not its numbers', () => {
    expect(csvRecord([-3, '-3', '@x', 7])).toBe("-3,'-3,'@x,7\r\n");
  });
});
