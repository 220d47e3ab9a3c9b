import type { PostmanFolder } from '../core/postman.ts';

/** The system's folder of the Postman flow (src/core/postman.ts). */
export const postmanFolders: PostmanFolder[] = [
  {
    name: 'System',
    description: 'Public: status, health, metrics and this API described.',
    steps: [
      { operation: 'get /api/v1/status', status: 200, checks: { 'serves both products': "pm.expect(json.products).to.include('yarrow-pay');" } },
      { operation: 'get /api/v1/health', status: 200, checks: { healthy: 'pm.expect(json.ok).to.eql(true);' } },
      { operation: 'get /metrics', status: 200, parse: 'text', checks: { 'Prometheus text': "pm.expect(text).to.include('# HELP');" } },
      { operation: 'get /api/openapi.json', status: 200, checks: { 'OpenAPI 3.1': "pm.expect(json.openapi).to.eql('3.1.0');" } },
      { operation: 'get /api/postman.json', status: 200, checks: { 'this collection': "pm.expect(json.info.name).to.eql('Yarrow API');" } },
      { operation: 'get /api/docs', status: 200, parse: 'text', checks: { 'an HTML page': "pm.expect(text).to.include('<html');" } },
    ],
  },
];
