/**
 * Stripe's request parameters: form-encoded with brackets (`line_items[0][quantity]=2`,
 * `metadata[key]=value`, `expand[]=payment_method`), checked against the shape each endpoint
 * accepts the way Stripe checks them (unknown parameters refused, integers parsed strictly).
 */

export type Params = Record<string, unknown>;

/** A 400 answer in Stripe's error shape. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly param?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }

  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeError(400, message, code, param);

/** Arrays arrive as objects keyed 0, 1, …: turn those into arrays, deepest first. */
function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Params).map(([k, v]) => [k, arraysOf(v)] as const);
  const numeric = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (numeric) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** Parses a form-encoded body (or query string) with Stripe's bracket notation. */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.match(/^[^[\]]+|\[[^\]]*\]/g) ?? [key];
    const names = parts.map((part, i) => (i === 0 ? part : part.slice(1, -1)));
    let target: Params = root;
    names.forEach((name, i) => {
      const slot = name === '' ? String(Object.keys(target).length) : name;
      if (i === names.length - 1) {
        target[slot] = value;
        return;
      }
      if (typeof target[slot] !== 'object' || target[slot] === null) target[slot] = {};
      target = target[slot] as Params;
    });
  }
  return arraysOf(root) as Params;
}

/** What an endpoint accepts: each parameter's kind, nested shapes, or arrays of a shape. */
export type Shape = { [name: string]: Kind };
export type Kind =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'metadata'
  | 'strings'
  | { enum: readonly string[] }
  /** A string of at most this many characters (a coupon's name: 40). */
  | { maxLength: number }
  | Shape
  | [Shape];

const isShape = (kind: Kind): kind is Shape =>
  typeof kind === 'object' && !Array.isArray(kind) && !('enum' in kind) && !('maxLength' in kind);

/** Checks and converts `params` to the shape (integers to numbers, booleans to booleans). */
export function checkParams(params: Params, shape: Shape, prefix = ''): Params {
  const out: Params = {};
  for (const [name, value] of Object.entries(params)) {
    const path = prefix ? `${prefix}[${name}]` : name;
    const kind = shape[name];
    if (!kind) throw invalid(`Received unknown parameter: ${path}`, path, 'parameter_unknown');
    out[name] = checkValue(value, kind, path);
  }
  return out;
}

function checkValue(value: unknown, kind: Kind, path: string): unknown {
  if (kind === 'string') {
    if (typeof value !== 'string') throw invalid(`Invalid string: ${path}`, path);
    return value;
  }
  if (kind === 'integer') {
    if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
      throw invalid(`Invalid integer: ${String(value)}`, path);
    }
    return Number(value);
  }
  if (kind === 'boolean') {
    if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${path}`, path);
    return value === 'true';
  }
  if (kind === 'metadata') {
    if (value === '') return {};
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalid(`Invalid hash: ${path}`, path);
    }
    for (const [key, item] of Object.entries(value)) {
      if (typeof item !== 'string' || item.length > 500 || key.length > 40) {
        throw invalid(`Invalid metadata: ${path}[${key}]`, `${path}[${key}]`);
      }
    }
    return value;
  }
  if (kind === 'strings') {
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw invalid(`Invalid array: ${path}`, path);
    }
    return value;
  }
  if (Array.isArray(kind)) {
    if (!Array.isArray(value)) throw invalid(`Invalid array: ${path}`, path);
    return value.map((item, i) => checkValue(item, kind[0], `${path}[${i}]`));
  }
  if (!isShape(kind) && 'maxLength' in kind) {
    if (typeof value !== 'string') throw invalid(`Invalid string: ${path}`, path);
    if (value.length > kind.maxLength) {
      throw invalid(`Invalid string: ${value}; must be at most ${kind.maxLength} characters`, path);
    }
    return value;
  }
  if (!isShape(kind)) {
    if (typeof value !== 'string' || !kind.enum.includes(value)) {
      throw invalid(
        `Invalid ${path}: must be one of ${kind.enum.join(', ')}`,
        path,
        'parameter_invalid_string',
      );
    }
    return value;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`Invalid hash: ${path}`, path);
  }
  return checkParams(value as Params, kind, path);
}

/** Refuses a request without a parameter Stripe requires. */
export function required(params: Params, ...names: string[]): void {
  for (const name of names) {
    if (params[name] === undefined || params[name] === '') {
      throw invalid(`Missing required param: ${name}.`, name, 'parameter_missing');
    }
  }
}
