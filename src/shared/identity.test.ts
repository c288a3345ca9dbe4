import { describe, expect, it } from 'vitest';
import {
  ageFromId,
  ageOn,
  birthDateFromId,
  idCheckDigit,
  idNumberProblem,
  isValidIdNumber,
  isValidMobile,
  maskIdNumber,
  maskMobile,
  normalizeIdNumber,
  sexFromId,
} from './identity.ts';

const TODAY = '2026-11-21';

describe('resident ID check digit (GB 11643)', () => {
  it('computes X for the standard worked example', () => {
    expect(idCheckDigit('11010519491231002')).toBe('X');
  });

  it('computes digits by weighted sum mod 11', () => {
    expect(idCheckDigit('44030419900101123')).toBe('3');
    expect(idCheckDigit('11010120000229001')).toBe('8');
  });

  it('accepts valid numbers, including a lower-case x typed by the user', () => {
    expect(isValidIdNumber('11010519491231002X', TODAY)).toBe(true);
    expect(isValidIdNumber('11010519491231002x', TODAY)).toBe(true);
    expect(isValidIdNumber(' 440304199001011233 ', TODAY)).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(idNumberProblem('440304199001011234', TODAY)).toBe('checkDigit');
    expect(idNumberProblem('110105194912310021', TODAY)).toBe('checkDigit');
  });

  it('rejects wrong length or characters', () => {
    expect(idNumberProblem('', TODAY)).toBe('empty');
    expect(idNumberProblem('44030419900101123', TODAY)).toBe('format');
    expect(idNumberProblem('4403041990010112333', TODAY)).toBe('format');
    expect(idNumberProblem('44030419900101A233', TODAY)).toBe('format');
  });

  it('rejects impossible or future birth dates even with a matching check digit', () => {
    const feb30 = `11010120000230001`;
    expect(idNumberProblem(feb30 + idCheckDigit(feb30), TODAY)).toBe('birth');
    const future = `11010120301010001`;
    expect(idNumberProblem(future + idCheckDigit(future), TODAY)).toBe('birth');
    const tooOld = `11010118991231001`;
    expect(idNumberProblem(tooOld + idCheckDigit(tooOld), TODAY)).toBe('birth');
  });
});

describe('what an ID number tells', () => {
  it('derives the birth date', () => {
    expect(birthDateFromId('11010519491231002X')).toBe('1949-12-31');
  });

  it('derives sex from the 17th digit: odd male, even female', () => {
    expect(sexFromId('440304199001011233')).toBe('male');
    expect(sexFromId('11010519491231002X')).toBe('female');
  });

  it('derives the age at a given date, counting the birthday itself', () => {
    expect(ageFromId('440304199001011233', '2025-12-31')).toBe(35);
    expect(ageFromId('440304199001011233', '2026-01-01')).toBe(36);
  });

  it('ages someone born on 29 February on 1 March in common years', () => {
    expect(ageOn('2000-02-29', '2021-02-28')).toBe(20);
    expect(ageOn('2000-02-29', '2021-03-01')).toBe(21);
    expect(ageOn('2000-02-29', '2024-02-29')).toBe(24);
  });

  it('normalises spaces and case', () => {
    expect(normalizeIdNumber(' 110105 19491231 002x ')).toBe('11010519491231002X');
  });
});

describe('mobile numbers', () => {
  it('accepts mainland mobiles 13x to 19x', () => {
    expect(isValidMobile('13800000001')).toBe(true);
    expect(isValidMobile('19912345678')).toBe(true);
  });

  it('rejects other shapes', () => {
    expect(isValidMobile('12800000001')).toBe(false);
    expect(isValidMobile('1380000000')).toBe(false);
    expect(isValidMobile('138000000011')).toBe(false);
    expect(isValidMobile('+8613800000001')).toBe(false);
  });
});

describe('masks', () => {
  it('keeps the first three and last four digits of a mobile', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
    expect(maskMobile('138****0001')).toBe('138****0001');
  });

  it('keeps the area prefix and last four characters of an ID number', () => {
    expect(maskIdNumber('11010519491231002x')).toBe('1101**********002X');
  });
});
