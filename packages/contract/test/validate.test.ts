// The validator on a small document of its own: each way an answer or a
// request can break it, with the pointer and reason the reports show.
import { expect, it } from 'vitest';
import { loadContract } from '../src/document.ts';
import { junit } from '../src/report.ts';
import { createValidator, formatViolation } from '../src/validate.ts';

const contract = loadContract({
  text: `
openapi: 3.1.0
info: { title: t, version: '1' }
servers: [{ url: /base }]
security: [{ bearer: [] }]
paths:
  /things:
    get:
      operationId: listThings
      x-designed: true
      parameters:
        - { name: limit, in: query, schema: { type: string, pattern: '^[0-9]+$' } }
      responses:
        '200':
          description: ok
          headers:
            X-Total: { required: true, schema: { type: string } }
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Thing' } }
        '204': { description: none }
  /things/{uuid}:
    get:
      operationId: getThing
      security: []
      parameters: [{ name: uuid, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } }
    post:
      operationId: saveThing
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } }
      responses:
        '200': { description: ok }
components:
  schemas:
    Thing:
      type: object
      additionalProperties: false
      required: [uuid, name]
      properties:
        uuid: { type: string }
        name: { type: string }
        kind: { enum: [a, b] }
        password: { type: string, maxLength: 4 }
`,
});
const validator = createValidator(contract);
const list = contract.match('GET', '/base/things?limit=1');
const one = contract.match('GET', '/base/things/x1');
const save = contract.match('POST', '/base/things/x1');
const json = { 'content-type': 'application/json; charset=utf-8', 'x-total': '1' };
const lines = (found: ReturnType<typeof validator.checkAnswer>) => found.map(formatViolation);

it('matches a request to its operation, literal paths before templates', () => {
  expect([list?.operationId, one?.operationId, save?.operationId]).toEqual(['listThings', 'getThing', 'saveThing']);
  expect(contract.match('DELETE', '/base/things/x1')).toBeUndefined();
  expect(one?.security).toEqual([]);
});

it('passes an answer that conforms', () => {
  const body = JSON.stringify([{ uuid: 'u', name: 'n', kind: 'a' }]);
  expect(validator.checkAnswer(list!, { status: 200, headers: json, body })).toEqual([]);
  expect(validator.checkAnswer(list!, { status: 204, headers: {}, body: '' })).toEqual([]);
});

it('names the pointer and the reason of each broken value', () => {
  const body = JSON.stringify([
    { uuid: 'u', name: 7 },
    { uuid: 'v', kind: 'c', extra: true },
  ]);
  expect(lines(validator.checkAnswer(list!, { status: 200, headers: json, body }))).toEqual([
    'listThings 200 /0/name: must be string, got integer',
    'listThings 200 /1/name: required, missing',
    'listThings 200 /1/extra: not allowed by the document (additionalProperties: false) (warning)',
    'listThings 200 /1/kind: must be one of ["a","b"], got "c"',
  ]);
});

it('reports an undocumented status, media type, a missing required header, a body where none is documented, a 5xx', () => {
  expect(lines(validator.checkAnswer(list!, { status: 418, headers: json, body: '[]' }))).toEqual([
    'listThings 418 /status: status 418 is not documented (documented: 200, 204)',
  ]);
  expect(
    lines(
      validator.checkAnswer(list!, {
        status: 200,
        headers: { 'content-type': 'text/html', 'x-total': '1' },
        body: '<p>',
      }),
    ),
  ).toEqual(['listThings 200 /content-type: text/html is not documented (documented: application/json)']);
  expect(
    lines(validator.checkAnswer(list!, { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' })),
  ).toEqual(['listThings 200 /headers/X-Total: required header missing']);
  expect(lines(validator.checkAnswer(save!, { status: 200, headers: json, body: '{}' }))).toEqual([
    'saveThing 200 (body): no body documented, got application/json (2 bytes)',
  ]);
  expect(lines(validator.checkAnswer(list!, { status: 503, headers: json, body: '' }))).toEqual([
    'listThings 503 /status: server error 503',
    'listThings 503 /status: status 503 is not documented (documented: 200, 204)',
  ]);
  expect(lines(validator.checkAnswer(one!, { status: 200, headers: json, body: '{"uuid":' }))).toEqual([
    'getThing 200 (body): not valid JSON: "{\\"uuid\\":"',
  ]);
});

it('checks a request: its query and its body', () => {
  expect(validator.checkRequest(list!, { url: '/base/things?limit=ten', headers: {} }).map(formatViolation)).toEqual([
    'listThings /query/limit: must match pattern "^[0-9]+$", got "ten"',
  ]);
  expect(
    validator.checkRequest(save!, { url: '/base/things/x', headers: json, body: '{"uuid":1}' }).map(formatViolation),
  ).toEqual(['saveThing /body/name: required, missing', 'saveThing /body/uuid: must be string, got integer']);
  expect(validator.checkRequest(save!, { url: '/base/things/x', headers: {} }).map(formatViolation)).toEqual([
    'saveThing /body: required request body missing',
  ]);
  // A secret's value never goes into a reason (the proxy logs them and sends them in a header).
  expect(
    validator
      .checkRequest(save!, {
        url: '/base/things/x',
        headers: json,
        body: '{"uuid":"u","name":"n","password":"hunter2!"}',
      })
      .map(formatViolation),
  ).toEqual(['saveThing /body/password: must NOT have more than 4 characters, got (hidden)']);
});

it('writes one JUnit testcase per exercised operation, named METHOD /path, with the reasons in its failure', () => {
  const violation = validator.checkAnswer(one!, { status: 200, headers: json, body: '{"uuid":"u","name":1}' });
  const xml = junit({
    target: 'http://x',
    runId: 'r',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1000,
    allowWrites: false,
    strict: false,
    requireExtensions: false,
    extensions: [],
    extensionSummary: { total: 0, offered: 0, conforming: 0, notOffered: [] },
    requests: 2,
    exercised: 2,
    conforming: 1,
    total: 3,
    operations: [
      {
        operationId: 'listThings',
        method: 'GET',
        path: '/things',
        outcome: 'pass',
        calls: 1,
        statuses: [200],
        violations: [],
      },
      {
        operationId: 'getThing',
        method: 'GET',
        path: '/things/{uuid}',
        outcome: 'fail',
        calls: 1,
        statuses: [200],
        violations: violation,
      },
      {
        operationId: 'saveThing',
        method: 'POST',
        path: '/things/{uuid}',
        outcome: 'not exercised',
        calls: 0,
        statuses: [],
        violations: [],
      },
    ],
  });
  expect(xml).toContain('<testcase classname="listThings" name="GET /things">\n    </testcase>');
  expect(xml).toContain(
    '<testcase classname="getThing" name="GET /things/{uuid}">\n      <failure message="getThing 200 /name: must be string, got integer" type="contract">',
  );
  expect(xml).not.toContain('POST /things');
  expect(xml).toMatch(/<testsuite name="contract http:\/\/x" tests="2" failures="1"/);
});
