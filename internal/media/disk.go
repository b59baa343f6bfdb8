package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Storage keeps stored files; local disk is the default, an S3-compatible
// object store the scale-out option. Names are flat (no folders) and chosen
// by the pipeline, never by the client.
type Storage interface {
	// Put stores data under name, replacing nothing half-written on failure.
	Put(ctx context.Context, name string, data []byte, contentType string) error
	// Open returns the stored file; the error wraps fs.ErrNotExist when missing.
	Open(ctx context.Context, name string) (io.ReadSeekCloser, error)
	// Delete removes name; deleting a missing name is not an error (as in S3).
	Delete(ctx context.Context, name string) error
}

// ErrBadName is returned by storage for a name that could escape its folder
// or is otherwise not one the pipeline would generate.
var ErrBadName = errors.New("media: invalid stored name")

// validName accepts only flat names made of [A-Za-z0-9._-] that do not start
// with a dot, so "..", "a/b", "a\b" and hidden temp files are all refused.
func validName(name string) bool {
	if name == "" || len(name) > 200 || name[0] == '.' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
		case c == '.':
			if i+1 < len(name) && name[i+1] == '.' {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// Disk stores files in one local folder.
type Disk struct {
	dir string
}

var _ Storage = (*Disk)(nil)

// NewDisk creates dir when missing and returns a store writing into it.
func NewDisk(dir string) (*Disk, error) {
	if dir == "" {
		return nil, errors.New("media: empty storage folder")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("media: create storage folder: %w", err)
	}
	return &Disk{dir: dir}, nil
}

// Dir is the folder the files live in.
func (d *Disk) Dir() string { return d.dir }

func (d *Disk) path(name string) (string, error) {
	if !validName(name) {
		return "", fmt.Errorf("%w: %q", ErrBadName, name)
	}
	return filepath.Join(d.dir, name), nil
}

// Put writes to a hidden temporary file and renames it into place, so a
// crash or full disk never leaves a partial file under a served name.
func (d *Disk) Put(ctx context.Context, name string, data []byte, _ string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	p, err := d.path(name)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(d.dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("media: put %s: %w", name, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, p)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("media: put %s: %w", name, err)
	}
	return nil
}

// Open opens a stored file for reading (and seeking, for Range requests).
func (d *Disk) Open(ctx context.Context, name string) (io.ReadSeekCloser, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("media: open %s: %w", name, err)
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		_ = f.Close()
		return nil, fmt.Errorf("media: open %s: %w", name, fs.ErrNotExist)
	}
	return f, nil
}

// Delete removes a stored file; a missing file counts as deleted.
func (d *Disk) Delete(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	p, err := d.path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("media: delete %s: %w", name, err)
	}
	return nil
}
