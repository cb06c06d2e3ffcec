import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export interface HttpResult {
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Set-Cookie values (API Gateway v2 sends each as its own header). */
  cookies?: string[];
}

export const ok = (body: unknown, headers?: Record<string, string>): HttpResult => ({ statusCode: 200, body, headers });
export const withCookies = (result: HttpResult, cookies: string[]): HttpResult => ({ ...result, cookies });
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
    body: result.body === undefined ? '' : JSON.stringify(result.body),
  };
}
