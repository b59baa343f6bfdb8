package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
)

// CopyReport counts what Copy did.
type CopyReport struct {
	Copied  int // stored in the destination and read back equal
	Present int // already in the destination with the same content
	Skipped int // not a stored file (temporary files, folders, other names)
}

// List returns the names of the stored files in the folder, sorted; hidden
// temporary files of an unfinished Put and anything the pipeline would not
// have named are left out.
func (d *Disk) List() ([]string, error) {
	ents, err := os.ReadDir(d.dir)
	if err != nil {
		return nil, fmt.Errorf("media: list %s: %w", d.dir, err)
	}
	var names []string
	for _, e := range ents {
		if e.Type().IsRegular() && validName(e.Name()) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// Copy copies every stored file of the folder from into to (local media
// moving to S3), keeping the names, so the URLs in the database stay
// valid. A file already in to with the same content is left alone, so an
// interrupted copy is finished by running it again; every file written is
// read back and compared before it counts. progress, when not nil, is told
// of each file.
func Copy(ctx context.Context, from *Disk, to Storage, progress func(name string, copied bool)) (CopyReport, error) {
	var rep CopyReport
	names, err := from.List()
	if err != nil {
		return rep, err
	}
	all, _ := os.ReadDir(from.dir)
	rep.Skipped = len(all) - len(names)
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		data, err := os.ReadFile(from.dir + string(os.PathSeparator) + name)
		if err != nil {
			return rep, fmt.Errorf("media: read %s: %w", name, err)
		}
		sum := sha256.Sum256(data)
		same, err := sameContent(ctx, to, name, sum)
		if err != nil {
			return rep, err
		}
		if same {
			rep.Present++
			if progress != nil {
				progress(name, false)
			}
			continue
		}
		ctype := contentTypes[path.Ext(name)]
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		if err := to.Put(ctx, name, data, ctype); err != nil {
			return rep, err
		}
		if same, err := sameContent(ctx, to, name, sum); err != nil {
			return rep, err
		} else if !same {
			return rep, fmt.Errorf("media: %s reads back different from what was copied", name)
		}
		rep.Copied++
		if progress != nil {
			progress(name, true)
		}
	}
	return rep, nil
}

// sameContent reports whether s holds name with the SHA-256 sum.
func sameContent(ctx context.Context, s Storage, name string, sum [sha256.Size]byte) (bool, error) {
	f, err := s.Open(ctx, name)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return false, fmt.Errorf("media: read back %s: %w", name, err)
	}
	return bytes.Equal(h.Sum(nil), sum[:]), nil
}
