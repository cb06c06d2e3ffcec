import type { RouteDefinition } from '@goldbot/shared';
import { HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IHttpApi, IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { routeAccess } from '../access.js';
import { AppFunction, type FunctionContext } from './app-function.js';

export interface RouteFunctionProps {
  readonly route: RouteDefinition;
  readonly httpApi: IHttpApi;
  /** The Cognito JWT authorizer, attached to every 'user' and 'admin' route. */
  readonly authorizer: IHttpRouteAuthorizer;
  readonly context: FunctionContext;
  /** Variables only this route's function gets (e.g. ADMIN_MFA_REQUIRED on the auth routes). */
  readonly environment?: Readonly<Record<string, string>>;
}

/**
 * One entry of the route table (shared/src/routes.ts) as deployed: its function, its permissions
 * (derived from the route, see access.ts) and its HTTP API route. The API stack creates one per
 * implemented route in a loop; nothing here is specific to any route.
 */
export class RouteFunction extends Construct {
  readonly function: NodejsFunction;
  readonly route: HttpRoute;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    const { route } = props;

    this.function = new AppFunction(this, 'Handler', {
      handlerId: route.id,
      description: `${route.method} ${route.path}: ${route.summary}`,
      access: routeAccess(route),
      context: props.context,
      environment: props.environment,
    }).function;

    // 'admin' routes get the same authorizer as 'user' routes: API Gateway only proves the token is
    // valid. Admin group membership (cognito:groups) is checked by the handler's middleware
    // (functions/src/kit), which also rejects deactivated users on every request.
    const authorizer = route.auth === 'public' ? new HttpNoneAuthorizer() : props.authorizer;

    this.route = new HttpRoute(this, 'Route', {
      httpApi: props.httpApi,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: new HttpLambdaIntegration('Integration', this.function),
      authorizer,
    });

    if (route.auth === 'public') {
      NagSuppressions.addResourceSuppressions(this.route, [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            `${route.method} ${route.path} is public by design (route table auth 'public'). ` +
            (route.method === 'GET'
              ? 'It reads public data only; the stage throttle and, through CloudFront, the WAF rate rules limit it.'
              : 'Input is validated (zod) and size-capped in the handler, which also counts requests per IP (and per ' +
                'account where one is named) in DynamoDB; the route throttle and, through CloudFront, the WAF rate ' +
                'rules apply on top.'),
        },
      ]);
    }
  }
}
