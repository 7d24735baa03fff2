import { cloneElement, Fragment, type ReactElement } from 'react';

/**
 * A translated sentence with parts marked `<name>…</name>` (a link inside the words), each part
 * rendered as the element given for its name with the marked words inside: "you agree to the
 * <terms>Terms of Service</terms>" in English, "aceptas los <terms>términos</terms>" in Spanish,
 * wherever the language puts it. Marks do not nest. (react-i18next's `<Trans>` does this with an
 * HTML parser the app need not carry.)
 */
export function RichText({
  text,
  parts,
}: {
  text: string;
  parts: Record<string, ReactElement<{ children?: unknown }>>;
}) {
  const pieces = text.split(/<(\w+)>(.*?)<\/\1>/g);
  // split() with two groups: text, name, words, text, name, words, …, text.
  const nodes = [];
  for (let i = 0; i < pieces.length; i += 3) {
    if (pieces[i]) nodes.push(<Fragment key={i}>{pieces[i]}</Fragment>);
    const name = pieces[i + 1];
    if (name === undefined) continue;
    const element = parts[name];
    nodes.push(
      element ? (
        cloneElement(element, { key: `${i}-${name}` }, pieces[i + 2])
      ) : (
        <Fragment key={`${i}-${name}`}>{pieces[i + 2]}</Fragment>
      ),
    );
  }
  return <>{nodes}</>;
}
