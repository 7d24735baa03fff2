import { parse as parseYaml } from 'yaml';

/** A Markdown file of authored content: YAML front matter between `---` lines, then the body. */
export function splitFrontMatter(source: string): { data: unknown; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!m) throw new Error('missing YAML front matter');
  return { data: parseYaml(m[1]!), body: m[2]!.trim() };
}
