import { SERIES_ID_MAX_CHARS } from '@lumcast/script-generation';
import { normalizeSeriesId } from '../series/series-id';
import { normalizeText, textFault, textFaultMessage, type TextKind } from '../text/text-rule';
import { PodcastRequestError } from '../errors';

/**
 * Reads one text field of a request body under the text rule (`textFault`): a string comes back
 * in NFC, or is refused with a 400 `invalid_field` whose message names `field`; anything else
 * comes back as it is, for the field's schema to refuse. Blank text is the schema's to judge.
 */
export function requestText(value: unknown, field: string, kind: TextKind): unknown {
  if (typeof value !== 'string') return value;
  const text = normalizeText(value);
  const fault = textFault(text, kind);
  if (fault) {
    throw new PodcastRequestError('invalid_field', textFaultMessage(field, fault, kind), field);
  }
  return text;
}

/**
 * Reads the `hosts` of a request body: each `{ name }` through {@link requestText} as an id
 * (field `hosts.<i>.name`); anything that is not such a list comes back as it is.
 */
export function requestHosts(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((host: unknown, index) =>
    typeof host === 'object' && host !== null && 'name' in host
      ? { ...host, name: requestText(host.name, `hosts.${index}.name`, 'id') }
      : host,
  );
}

/**
 * Reads an optional series id of a request body (`normalizeSeriesId`, the series rule): absent,
 * `null` or empty is no series; a refused one is a 400 `invalid_field` on `seriesId` that says
 * why.
 */
export function requestSeriesId(value: unknown): string | undefined {
  const series = normalizeSeriesId(value);
  if (series !== false) return series;
  const fault = typeof value === 'string' ? textFault(normalizeText(value), 'id') : undefined;
  throw new PodcastRequestError(
    'invalid_field',
    fault
      ? textFaultMessage('seriesId', fault, 'id')
      : `seriesId must be text of 1–${SERIES_ID_MAX_CHARS} characters without control characters.`,
    'seriesId',
  );
}
