import type { ApiClients } from '../../../rpc/clients.ts';

const lists = new WeakMap<ApiClients, Promise<Map<string, string>>>();

/** Where the browser fetches a lexicon's compiled graph (WordService.GetLexicons' graphUrl). */
export async function graphUrlFor(api: ApiClients, lexicon: string): Promise<string> {
  let list = lists.get(api);
  if (!list) {
    list = api.word.getLexicons({}).then(
      (r) => new Map(r.lexicons.map((l) => [l.name.toUpperCase(), l.graphUrl])),
      () => new Map<string, string>(),
    );
    lists.set(api, list);
  }
  const url = (await list).get(lexicon.toUpperCase());
  return url || `/lexica/${encodeURIComponent(lexicon)}.tlx`;
}
