/**
 * What a service definition is made of, and how a call's path is filled in. The services themselves are one module
 * each beside this one; `src/shared/routes.ts` lists them all. See docs/calls.md.
 */

/** Everything under this prefix is a service call, never a page. */
export const SERVICE_PREFIX = '/service';

/** One call of a service: its method and its path below the service's base, as a route pattern (`:name` parameters). */
export interface ServiceCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
}

/** A service: the base path it is mounted at and its calls. */
export interface Service {
  readonly base: string;
  readonly calls: Readonly<Record<string, ServiceCall>>;
}

/** The `:name` parameters of a route pattern, e.g. `'token'` for `/newsletter-subscribers/:token/doi`. */
type PathParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

function fill(pattern: string, values: Partial<Record<string, string>>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** The parameters argument a pattern needs: none without parameters, else a value for each. */
type ParamsArgument<Pattern extends string> = [PathParams<Pattern>] extends [never]
  ? []
  : [params: Record<PathParams<Pattern>, string>];

/** A route pattern with its parameters filled in, each URL-encoded. */
export function fillPath<Pattern extends string>(pattern: Pattern, ...[params]: ParamsArgument<Pattern>): string {
  return fill(pattern, params ?? {});
}

/** The path of one call from the site root: `serviceUrl(services.login, 'login')` is `/service/login/api/v1/login`. */
export function serviceUrl<S extends Service, Name extends keyof S['calls'] & string>(
  service: S,
  name: Name,
  ...params: ParamsArgument<S['calls'][Name]['path']>
): string {
  return service.base + fill(service.calls[name]!.path, params[0] ?? {});
}

/** A route pattern as a regular expression over a whole path: each `:name` parameter matches one path segment. */
export function routeRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}
