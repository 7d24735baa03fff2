-- Journal tags (issue 22): the preset tags are stored as language-neutral keys (faith, prayer,
-- growth, worship, provision) and shown in the reader's language (src/server/journal/tags.ts).
-- Until now a preset was stored as the word of the interface it was tagged in: the Spanish words
-- become their keys (the English words are the keys already), every other tag stays as typed,
-- and a preset tagged in both languages is kept once, in its first place.
UPDATE journal_entry AS entry
SET tags = mapped.tags
FROM (
  SELECT id, jsonb_agg(tag ORDER BY place) AS tags
  FROM (
    SELECT e.id, k.tag, min(t.place) AS place
    FROM journal_entry AS e
    CROSS JOIN LATERAL jsonb_array_elements_text(e.tags) WITH ORDINALITY AS t(word, place)
    CROSS JOIN LATERAL (
      SELECT CASE t.word
        WHEN 'fe' THEN 'faith'
        WHEN 'oración' THEN 'prayer'
        WHEN 'crecimiento' THEN 'growth'
        WHEN 'adoración' THEN 'worship'
        WHEN 'provisión' THEN 'provision'
        ELSE t.word
      END AS tag
    ) AS k
    GROUP BY e.id, k.tag
  ) AS per_tag
  GROUP BY id
) AS mapped
WHERE entry.id = mapped.id AND entry.tags IS DISTINCT FROM mapped.tags;
