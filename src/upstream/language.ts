import type { QueryValue, UpstreamRequest } from './request.ts';

/**
 * The language one set of loaders asks in. Every endpoint that takes `language` (the real
 * service's OpenAPI file says which; each resource's query names the parameter, left undefined
 * when its caller did not choose) gets this one; an endpoint that takes `include_image_language`
 * gets that language plus `null` (images without text), as the real service advises. A value
 * the caller chose itself is never replaced.
 */
export interface LanguageDefaults {
  language: string;
  includeImageLanguage: string;
}

export function languageDefaults(language: string): LanguageDefaults {
  return { language, includeImageLanguage: `${language.split('-')[0]},null` };
}

export function withLanguage(request: UpstreamRequest, defaults: LanguageDefaults): UpstreamRequest {
  const query = request.query;
  if (!query) return request;
  const language = 'language' in query && query.language === undefined;
  const images = 'include_image_language' in query && query.include_image_language === undefined;
  if (!language && !images) return request;
  const filled: Record<string, QueryValue> = { ...query };
  if (language) filled.language = defaults.language;
  if (images) filled.include_image_language = defaults.includeImageLanguage;
  return { ...request, query: filled };
}
