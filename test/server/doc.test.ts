import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startCore } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

describe('GET {ns}/doc', () => {
  it('is an OpenAPI 3 document that swagger-parser validates', async () => {
    const r = await api.get('/doc');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    await expect(SwaggerParser.validate(structuredClone(r.body))).resolves.toBeTruthy();
  });

  it('has the reference top-level keys, info, schemas and paths in registration order', async () => {
    const { body } = await api.get('/doc');
    expect(Object.keys(body)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
    expect(body.openapi).toBe('3.0.0');
    expect(body.info).toMatchObject({ version: '1.0.0', title: 'The Events Calendar REST API' });
    expect(Object.keys(body.components.schemas)).toEqual([
      'ImageSize',
      'CostDetails',
      'Term',
      'Image',
      'DateDetails',
      'Event',
      'Venue',
      'Organizer',
    ]);
    expect(Object.keys(body.paths)).toEqual([
      '/doc',
      '/events',
      '/events/{id}',
      '/events/by-slug/{slug}',
      '/venues',
      '/venues/{id}',
      '/venues/by-slug/{slug}',
      '/organizers',
      '/organizers/{id}',
      '/organizers/by-slug/{slug}',
      '/categories',
      '/categories/{id}',
      '/tags',
      '/tags/{id}',
    ]);
    expect(Object.keys(body.paths['/events/{id}'])).toEqual(expect.arrayContaining(['get', 'post', 'delete']));
  });

  it('#37: servers[0].url has no port', async () => {
    const { body } = await api.get('/doc');
    expect(body.servers[0].url).toBe('http://127.0.0.1/wp-json/tribe/events/v1/');
  });
});
