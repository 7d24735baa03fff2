import BookMarked from 'lucide-react/icons/book-bookmark';
import { useTranslation } from 'react-i18next';
import { BOOK_CATEGORIES, LEVELS } from '#shared/values/library.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useBooks, type Book } from './api.ts';
import { Tag } from './DetailParts.tsx';
import { ListControls, optionsOf } from './ListControls.tsx';
import { ListStates } from './ListStates.tsx';
import { useFilters } from './useFilters.ts';

/** /books: recommended books with search and category and level filters. */
export default function BooksPage() {
  const { t } = useTranslation();
  const { filters, query, set, clear, active } = useFilters(['category', 'level']);
  const books = useBooks(query);
  const items = books.data?.items ?? [];
  return (
    <div className="mx-auto grid max-w-5xl">
      <PageHeader title={t('nav.books')} subtitle={t('library.books.subtitle')} />
      <ListControls
        filters={filters}
        total={books.data?.total}
        active={active}
        onChange={set}
        onClear={clear}
        specs={[
          {
            name: 'category',
            allKey: 'library.all.categories',
            options: optionsOf(BOOK_CATEGORIES, 'categories', t),
          },
          { name: 'level', allKey: 'library.all.levels', options: optionsOf(LEVELS, 'levels', t) },
        ]}
      />
      <ListStates query={books} count={items.length} onClear={active ? clear : null}>
        <ul className="grid gap-4 md:grid-cols-2">
          {items.map((b) => (
            <li key={b.id}>
              <BookCard b={b} />
            </li>
          ))}
        </ul>
      </ListStates>
    </div>
  );
}

function BookCard({ b }: { b: Book }) {
  const { t } = useTranslation();
  return (
    <article
      aria-labelledby={`book-${b.id}`}
      className="grid h-full content-start gap-3 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm"
    >
      <div className="flex gap-3">
        <BookMarked className="mt-1 size-5 shrink-0 text-gold-500" aria-hidden />
        <div className="grid min-w-0 gap-1">
          <h2 id={`book-${b.id}`} className="font-serif text-xl text-brand-950">
            {b.title}
          </h2>
          <p className="text-sm text-slate-700">
            {t('library.books.by', { author: b.author, year: b.year })}
          </p>
          {b.originalTitle !== b.title ? (
            <p className="text-sm text-slate-600">
              {t('library.books.originalTitle', { title: b.originalTitle })}
            </p>
          ) : null}
          {b.spanishEdition && b.spanishEdition !== b.title ? (
            <p className="text-sm text-slate-600">
              {t('library.books.spanishEdition', { title: b.spanishEdition })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-1">
        <Tag>{t(`library.categories.${b.category}`)}</Tag>
        <Tag>{t(`library.levels.${b.level}`)}</Tag>
        {b.publicDomain ? <Tag>{t('library.books.publicDomain')}</Tag> : null}
      </div>
      <p className="leading-7 text-slate-800">{b.summary}</p>
      <p className="text-sm leading-6 text-slate-700">
        <span className="font-semibold text-brand-900">{t('library.books.audience')}: </span>
        {b.audience}
      </p>
    </article>
  );
}
