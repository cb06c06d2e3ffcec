import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export interface HttpResult {
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Set-Cookie values (API Gateway v2 sends each as its own header). */
  cookies?: string[];
  /** A body sent as it is (a CSV download) instead of JSON; give its content-type in `headers`. */
  text?: string;
}

export const ok = (body: unknown, headers?: Record<string, string>): HttpResult => ({ statusCode: 200, body, headers });
export const withCookies = (result: HttpResult, cookies: string[]): HttpResult => ({ ...result, cookies });
/** A file download: `text` as the body, with its type and a suggested file name. */
export const download = (text: string, contentType: string, fileName: string): HttpResult => ({
  statusCode: 200,
  text,
  headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${fileName}"` },
});
export const created = (body: unknown): HttpResult => ({ statusCode: 201, body });

/** `{message, msg}`: the spec's clients read either key, so errors always carry both. */
export const errorBody = (message: string, errors?: Record<string, string>) =>
  errors && Object.keys(errors).length > 0 ? { message, msg: message, errors } : { message, msg: message };

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function toApiGatewayResult(result: HttpResult): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: result.statusCode,
    headers: { ...BASE_HEADERS, ...result.headers },
    ...(result.cookies && result.cookies.length > 0 ? { cookies: result.cookies } : {}),
    body: result.text ?? (result.body === undefined ? '' : JSON.stringify(result.body)),
  };
}
