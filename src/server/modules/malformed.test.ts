import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { isErrorCode, type ErrorCode } from '#shared/errors.ts';
import { setupTestApp } from '../test/helper.ts';
import { V1 } from '../test/http.ts';
import { signIn } from '../test/sign-in.ts';

/**
 * Malformed requests to every route of the session, menu and SMS modules and to the version call:
 * each must get a 4xx envelope with a catalogue code and a Chinese message, never a 500.
 */
const ctx = await setupTestApp({}, { listen: false });

const good = (await signIn(ctx, 'demo.member')).headers;
const { kid, secret } = ctx.config.jwtKeys[0];
const expired = await new SignJWT({ roles: ['member'] })
  .setProtectedHeader({ alg: 'HS256', kid })
  .setSubject('1')
  .setIssuer('insure-h5')
  .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
  .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
  .sign(new TextEncoder().encode(secret));
const foreign = await new SignJWT({ roles: ['channel'] })
  .setProtectedHeader({ alg: 'HS256', kid })
  .setSubject('1')
  .setIssuer('insure-h5')
  .setExpirationTime('1h')
  .sign(new TextEncoder().encode('another-key-that-is-long-enough-0123456789'));

interface Case {
  name: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  status?: number;
  code?: ErrorCode;
}

const json = { ...good, 'content-type': 'application/json' };
const huge = JSON.stringify({ address: 'x'.repeat(1024 * 1024 + 10) });

const authenticated: [string, string][] = [
  ['GET', `${V1}/members/me`],
  ['GET', `${V1}/open/user/me`],
  ['PUT', `${V1}/open/user`],
  ['GET', `${V1}/members/me/wechat`],
  ['GET', `${V1}/members/me/wechat/web`],
  ['GET', `${V1}/open/menu`],
  ['POST', `${V1}/sms/mobile?phoneNumber=13900000100`],
  ['POST', `${V1}/sms/bind?phoneNumber=13900000101`],
];

const tokenCases: Case[] = authenticated.flatMap(
  ([method, url]) =>
    [
      { name: `${method} ${url} without a token`, method, url, status: 401, code: 'A0301' },
      {
        name: `${method} ${url} with a garbage token`,
        method,
        url,
        headers: { authorization: 'Bearer not.a.jwt' },
        status: 401,
        code: 'A0230',
      },
      {
        name: `${method} ${url} with an expired token`,
        method,
        url,
        headers: { authorization: `Bearer ${expired}` },
        status: 401,
        code: 'A0230',
      },
      {
        name: `${method} ${url} with a token signed by another key`,
        method,
        url,
        headers: { authorization: `Bearer ${foreign}` },
        status: 401,
        code: 'A0230',
      },
      {
        name: `${method} ${url} with another scheme`,
        method,
        url,
        headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
        status: 401,
        code: 'A0230',
      },
      {
        name: `${method} ${url} with an empty Bearer`,
        method,
        url,
        headers: { authorization: 'Bearer ' },
        status: 401,
        code: 'A0230',
      },
    ] as Case[],
);

const shapeCases: Case[] = [
  // PUT open/user: the one route with a body.
  {
    name: 'open/user with malformed JSON',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: json,
    payload: '{"realName": "张',
    status: 400,
    code: 'A0427',
  },
  {
    name: 'open/user with an empty JSON body',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: json,
    payload: '',
    status: 400,
    code: 'A0427',
  },
  {
    name: 'open/user with an XML body',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: { ...good, 'content-type': 'application/xml' },
    payload: '<user/>',
    status: 415,
    code: 'A0415',
  },
  // Only the upload operations read multipart (src/server/lib/multipart-bodies.ts); the rest refuse it like XML.
  {
    name: 'open/user with a multipart body',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: { ...good, 'content-type': 'multipart/form-data; boundary=xyz' },
    payload: '--xyz\r\nContent-Disposition: form-data; name="realName"\r\n\r\n张三\r\n--xyz--\r\n',
    status: 415,
    code: 'A0415',
  },
  {
    name: 'open/user with a text body',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: { ...good, 'content-type': 'text/plain' },
    payload: 'realName=x',
    status: 400,
  },
  {
    name: 'open/user with a body over 1 MiB',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: json,
    payload: huge,
    status: 413,
    code: 'A0413',
  },
  {
    name: 'open/user with a JSON array',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: json,
    payload: '[{"realName":"x"}]',
    status: 400,
  },
  {
    name: 'open/user with JSON null',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: json,
    payload: 'null',
    status: 400,
  },
  {
    name: 'open/user with a number for the name',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: json,
    payload: '{"realName":123}',
    status: 400,
  },
  {
    name: 'open/user with an object for the email',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: json,
    payload: '{"email":{"$ne":""}}',
    status: 400,
  },
  {
    name: 'open/user with an unknown gender',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: json,
    payload: '{"gender":"robot"}',
    status: 400,
    code: 'A0400',
  },
  {
    name: 'open/user with a future birthday',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: json,
    payload: '{"birthday":"2999-12-31"}',
    status: 400,
    code: 'A0400',
  },
  {
    name: 'open/user with a form body of a bad enum',
    method: 'PUT',
    url: `${V1}/open/user`,
    headers: { ...good, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'gender=robot',
    status: 400,
    code: 'A0400',
  },
  // Path parameters.
  {
    name: 'members/me/wechat with an unknown kind',
    method: 'GET',
    url: `${V1}/members/me/wechat/qq`,
    headers: good,
    status: 400,
    code: 'A0400',
  },
  {
    name: 'members/me/wechat with a numeric kind',
    method: 'GET',
    url: `${V1}/members/me/wechat/1`,
    headers: good,
    status: 400,
    code: 'A0400',
  },
  {
    name: 'sms with an unknown type',
    method: 'POST',
    url: `${V1}/sms/register?phoneNumber=13900000102`,
    status: 400,
    code: 'A0400',
  },
  {
    name: 'sms with an upper-case type',
    method: 'POST',
    url: `${V1}/sms/LOGIN?phoneNumber=13900000102`,
    status: 400,
    code: 'A0400',
  },
  // Query strings.
  { name: 'sms without phoneNumber', method: 'POST', url: `${V1}/sms/login`, status: 400, code: 'A0410' },
  {
    name: 'sms with an empty phoneNumber',
    method: 'POST',
    url: `${V1}/sms/login?phoneNumber=`,
    status: 400,
    code: 'A0150',
  },
  {
    name: 'sms with a foreign phone',
    method: 'POST',
    url: `${V1}/sms/login?phoneNumber=%2B4812345678`,
    status: 400,
    code: 'A0150',
  },
  {
    name: 'sms with two phoneNumbers',
    method: 'POST',
    url: `${V1}/sms/login?phoneNumber=13900000103&phoneNumber=13900000104`,
    status: 400,
  },
  {
    name: 'sms with a malformed JSON body',
    method: 'POST',
    url: `${V1}/sms/login?phoneNumber=13900000105`,
    headers: { 'content-type': 'application/json' },
    payload: '{oops',
    status: 400,
    code: 'A0427',
  },
  {
    name: 'sms with a body over 1 MiB',
    method: 'POST',
    url: `${V1}/sms/login?phoneNumber=13900000106`,
    headers: { 'content-type': 'application/json' },
    payload: huge,
    status: 413,
    code: 'A0413',
  },
  {
    name: 'dev sms-outbox without phoneNumber',
    method: 'GET',
    url: '/prod-api/dev/sms-outbox',
    status: 400,
    code: 'A0410',
  },
  {
    name: 'dev sms-outbox with a bad phoneNumber',
    method: 'GET',
    url: '/prod-api/dev/sms-outbox?phoneNumber=hello',
    status: 400,
    code: 'A0150',
  },
  // Wrong methods.
  { name: 'DELETE members/me', method: 'DELETE', url: `${V1}/members/me`, headers: good, status: 404, code: 'A0404' },
  { name: 'GET sms/login', method: 'GET', url: `${V1}/sms/login?phoneNumber=13900000107`, status: 404, code: 'A0404' },
  // The version call.
  { name: 'POST version', method: 'POST', url: '/prod-api/version', status: 404, code: 'A0404' },
  {
    name: 'POST version with malformed JSON',
    method: 'POST',
    url: '/prod-api/version',
    headers: { 'content-type': 'application/json' },
    payload: '{',
    status: 400,
    code: 'A0427',
  },
  {
    name: 'PUT version with a body over 1 MiB',
    method: 'PUT',
    url: '/prod-api/version',
    headers: { 'content-type': 'application/json' },
    payload: huge,
    status: 413,
    code: 'A0413',
  },
  {
    name: 'PUT version with an XML body',
    method: 'PUT',
    url: '/prod-api/version',
    headers: { 'content-type': 'application/xml' },
    payload: '<v/>',
    status: 404,
    code: 'A0404',
  },
  {
    name: 'GET version/x (no such path)',
    method: 'GET',
    url: '/prod-api/version/x',
    headers: { authorization: 'Bearer x' },
    status: 404,
    code: 'A0404',
  },
];

describe('malformed requests', () => {
  it.each([...tokenCases, ...shapeCases].map((c) => [c.name, c] as const))(
    '%s: 4xx envelope, never 500',
    async (_name, c) => {
      const res = await ctx.app.inject({ method: c.method, url: c.url, headers: c.headers, payload: c.payload });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      if (c.status) expect(res.statusCode).toBe(c.status);
      const body = res.json();
      expect(isErrorCode(body.code), `catalogue code, got ${body.code}`).toBe(true);
      if (c.code) expect(body.code).toBe(c.code);
      expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
    },
  );
});
