import { sameSiteFormHeaders } from '../../security/edge-helpers.ts';
import { origin, parse, servedPage, type HtmlDocument } from './site.ts';

type Form = ReturnType<HtmlDocument['querySelector']> & {};

/**
 * The fields a browser submits for `form` as the page shows it (hidden fields, text and e-mail fields, selects,
 * ticked boxes), with `values` typed or chosen on top; a list ticks those checkboxes.
 */
export function fieldsOf(form: Form, values: Record<string, string | string[]> = {}): [string, string][] {
  const fields: [string, string][] = [];
  for (const element of form.querySelectorAll('input[name], select[name], textarea[name]')) {
    const name = element.getAttribute('name')!;
    const type = element.getAttribute('type');
    if (type === 'checkbox') {
      const ticked = [values[name] ?? []].flat().includes(element.getAttribute('value') ?? 'on');
      if (ticked) fields.push([name, element.getAttribute('value') ?? 'on']);
    } else if (Object.hasOwn(values, name)) fields.push([name, String(values[name])]);
    else if (element.tagName === 'SELECT')
      fields.push([name, element.querySelector('option[selected]')?.getAttribute('value') ?? '']);
    else fields.push([name, element.getAttribute('value') ?? '']);
  }
  return fields;
}

/**
 * Submits `form` of the page at `from` as a browser on this site does (a same-origin form post to its action, or to
 * the page's own URL when it names none); the redirect is not followed.
 */
export function submit(
  form: Form,
  values: Record<string, string | string[]> = {},
  from: string = origin,
): Promise<Response> {
  return fetch(new URL(form.getAttribute('action') ?? '', new URL(from, origin)), {
    method: 'POST',
    redirect: 'manual',
    headers: sameSiteFormHeaders(origin),
    body: new URLSearchParams(fieldsOf(form, values)).toString(),
  });
}

/** The cookie a response sets, as a browser sends it back. */
export function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/**
 * The page a form's answer shows, as a browser gets to it: a redirect is followed (a GET of its Location with the
 * cookie it set); any other answer is the page itself.
 */
export async function follow(response: Response) {
  const location = response.headers.get('location');
  if (location === null || response.status < 300 || response.status > 399) {
    const html = await response.text();
    return { location: undefined, response, html, document: parse(html) };
  }
  return { location, ...(await servedPage(location, { headers: { cookie: cookieOf(response) } })) };
}
