package media

import (
	"context"
	"errors"
	"strings"
	"time"

	"carta/internal/store"
)

// The SQL of media files and their owners. A stored file belongs to the restaurant it
// was uploaded for; a restaurant's rows may reference only its own files
// (useMedia checks it in the referencing transaction), and files nothing
// references are removed by the sweep (doomUnreferenced), never by
// the write that stopped using them: two rows may share a file, and a
// write may fail after its upload.

// MediaURLPrefix is how stored files' URLs begin ("/media/<name>").
const MediaURLPrefix = "/media/"

// mediaRefs are the columns that hold media URLs, each in a table with a
// cliente_id: the one list the sweep checks. A new column holding media
// URLs must be added here.
var mediaRefs = []struct{ table, column string }{
	{"categorias", "image_path"},
	{"productos", "image_path"},
	{"configuraciones", "logo"},
	{"configuraciones", "background_image"},
	{"popups", "file_url"},
	{"cupones", "imagen_url"},
	{"vinos", "etiqueta_url"},
}

// errMediaNotOwned is returned when a restaurant's write names a stored
// file that is not the restaurant's (or is being removed).
var errMediaNotOwned = errors.New("media: file not owned by the restaurant")

// recordMedia records that name was stored for the restaurant.
func recordMedia(ctx context.Context, q store.Querier, clienteID int64, name string) error {
	now := q.NowUnix()
	_, err := q.Exec(ctx, `INSERT INTO media (name, cliente_id, created_at, used_at) VALUES (?, ?, ?, ?)`, name, clienteID, now, now)
	return err
}

// useMedia checks, in the transaction that is about to reference the
// stored file name, that it is the restaurant's and not being removed, and
// marks it used (so the sweep leaves it alone even before the write
// commits).
func useMedia(ctx context.Context, q store.Querier, clienteID int64, name string) error {
	res, err := q.Exec(ctx, `UPDATE media SET used_at = ? WHERE name = ? AND cliente_id = ? AND doomed_at = 0`, q.NowUnix(), name, clienteID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errMediaNotOwned
	}
	return nil
}

// unreferenced is the condition "no row of its owner references the file".
func unreferenced() string {
	var b strings.Builder
	for i, r := range mediaRefs {
		if i > 0 {
			b.WriteString(" AND ")
		}
		b.WriteString("NOT EXISTS (SELECT 1 FROM " + r.table + " x WHERE x.cliente_id = media.cliente_id AND x." + r.column + " = '" + MediaURLPrefix + "' || media.name)")
	}
	return b.String()
}

var doomQuery = `UPDATE media SET doomed_at = ? WHERE doomed_at = 0 AND used_at < ? AND name IN (
	SELECT name FROM media WHERE doomed_at = 0 AND used_at < ? AND ` + unreferenced() + ` ORDER BY used_at LIMIT ?)`

// doomUnreferenced marks for removal up to limit files that nothing
// references and that have not been used since before (one statement: a
// write that uses a file meanwhile either sees it doomed and fails, or
// touched it first and keeps it). It returns every doomed file, those of
// earlier sweeps that did not finish included, for the caller to delete
// and then forget (forget).
// doomedSQL lists the doomed files (index media_condenados, migration
// 0046: the sweep reads those, not every file).
const doomedSQL = `SELECT name FROM media WHERE doomed_at > 0 ORDER BY doomed_at, name LIMIT ?`

func doomUnreferenced(ctx context.Context, q store.Querier, before time.Time, limit int) ([]string, error) {
	if _, err := q.Exec(ctx, doomQuery, q.NowUnix(), before.Unix(), before.Unix(), limit); err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, doomedSQL, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// forget removes the record of a doomed file once it is deleted.
func forget(ctx context.Context, q store.Querier, name string) error {
	_, err := q.Exec(ctx, `DELETE FROM media WHERE name = ? AND doomed_at > 0`, name)
	return err
}
