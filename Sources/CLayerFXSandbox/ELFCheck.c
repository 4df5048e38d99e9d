#define _GNU_SOURCE
#include "CLayerFXSandbox.h"

#include <elf.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// The C math functions of libm a shader may call (C17 §7.12), each also with an `f` suffix
// (the float form), plus the combined sine and cosine glibc offers.
static const char *const math_names[] = {
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil", "copysign",
    "cos", "cosh", "erf", "erfc", "exp", "exp10", "exp2", "expm1", "fabs", "fdim", "floor",
    "fma", "fmax", "fmin", "fmod", "frexp", "hypot", "ilogb", "ldexp", "lgamma", "llrint",
    "llround", "log", "log10", "log1p", "log2", "logb", "lrint", "lround", "modf", "nearbyint",
    "nextafter", "pow", "remainder", "remquo", "rint", "round", "scalbn", "sin", "sincos",
    "sinh", "sqrt", "tan", "tanh", "tgamma", "trunc", NULL};

int lfx_runtime_symbol(const char *name) {
  size_t length = strlen(name);
  for (const char *const *m = math_names; *m; ++m) {
    size_t base = strlen(*m);
    if (strncmp(name, *m, base) != 0) continue;
    if (length == base || (length == base + 1 && name[base] == 'f')) return 1;
  }
  return 0;
}

static int refuse(char *message, size_t capacity, const char *format, ...) {
  va_list list;
  va_start(list, format);
  vsnprintf(message, capacity, format, list);
  va_end(list);
  return 1;
}

// Whether [offset, offset + size) lies inside a file of `length` bytes.
static int inside(uint64_t offset, uint64_t size, size_t length) {
  return offset <= length && size <= length - offset;
}

static int check(const unsigned char *file, size_t length, char *message, size_t capacity) {
  const Elf64_Ehdr *header = (const Elf64_Ehdr *)file;
  if (length < sizeof *header || memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
      header->e_ident[EI_CLASS] != ELFCLASS64 || header->e_ident[EI_DATA] != ELFDATA2LSB ||
      header->e_type != ET_DYN || header->e_machine != EM_X86_64 ||
      header->e_phentsize != sizeof(Elf64_Phdr) || header->e_shentsize != sizeof(Elf64_Shdr) ||
      !inside(header->e_phoff, (uint64_t)header->e_phnum * sizeof(Elf64_Phdr), length) ||
      !inside(header->e_shoff, (uint64_t)header->e_shnum * sizeof(Elf64_Shdr), length))
    return refuse(message, capacity, "not an x86-64 ELF shared object");
  const Elf64_Phdr *segments = (const Elf64_Phdr *)(file + header->e_phoff);
  const Elf64_Phdr *dynamic = NULL;
  uint64_t relro_start = 0, relro_end = 0;
  for (int i = 0; i < header->e_phnum; ++i) {
    const Elf64_Phdr *s = &segments[i];
    if (s->p_type == PT_INTERP) return refuse(message, capacity, "has a program interpreter");
    if (s->p_type == PT_TLS) return refuse(message, capacity, "has thread-local variables");
    if (s->p_type == PT_DYNAMIC) dynamic = s;
    if (s->p_type == PT_GNU_RELRO) {
      relro_start = s->p_vaddr;
      relro_end = (s->p_vaddr + s->p_memsz + 4095) & ~(uint64_t)4095;
    }
    if (s->p_type == PT_LOAD && (s->p_flags & PF_W) && (s->p_flags & PF_X))
      return refuse(message, capacity, "has memory both writable and executable");
  }
  for (int i = 0; i < header->e_phnum; ++i) {
    const Elf64_Phdr *s = &segments[i];
    if (s->p_type != PT_LOAD || !(s->p_flags & PF_W)) continue;
    if (s->p_vaddr < relro_start || s->p_vaddr + s->p_memsz > relro_end)
      return refuse(message, capacity,
                    "has writable global variables (Metal has no writable program-scope "
                    "variables; make them `constant`)");
  }
  if (!dynamic || !inside(dynamic->p_offset, dynamic->p_filesz, length))
    return refuse(message, capacity, "has no dynamic section");
  // The dynamic string table, through the section headers (the linker's own layout).
  const Elf64_Shdr *sections = (const Elf64_Shdr *)(file + header->e_shoff);
  const Elf64_Shdr *symbols = NULL, *strings = NULL;
  for (int i = 0; i < header->e_shnum; ++i) {
    if (sections[i].sh_type == SHT_DYNSYM && sections[i].sh_link < header->e_shnum) {
      symbols = &sections[i];
      strings = &sections[sections[i].sh_link];
    }
  }
  if (!symbols || !inside(symbols->sh_offset, symbols->sh_size, length) ||
      !inside(strings->sh_offset, strings->sh_size, length) || strings->sh_size == 0 ||
      file[strings->sh_offset + strings->sh_size - 1] != 0)
    return refuse(message, capacity, "has no dynamic symbol table");
  const char *names = (const char *)file + strings->sh_offset;
  const Elf64_Dyn *entries = (const Elf64_Dyn *)(file + dynamic->p_offset);
  size_t count = dynamic->p_filesz / sizeof(Elf64_Dyn);
  for (size_t i = 0; i < count && entries[i].d_tag != DT_NULL; ++i) {
    switch (entries[i].d_tag) {
      case DT_INIT:
      case DT_INIT_ARRAY:
      case DT_PREINIT_ARRAY:
      case DT_FINI:
      case DT_FINI_ARRAY:
        return refuse(message, capacity,
                      "has constructors or destructors (code that runs when it is loaded)");
      case DT_TEXTREL:
        return refuse(message, capacity, "has text relocations");
      case DT_NEEDED: {
        uint64_t at = entries[i].d_un.d_val;
        if (at >= strings->sh_size || strcmp(names + at, "libm.so.6") != 0)
          return refuse(message, capacity, "needs a library other than libm");
        break;
      }
      default:
        break;
    }
  }
  const Elf64_Sym *table = (const Elf64_Sym *)(file + symbols->sh_offset);
  size_t symbol_count = symbols->sh_size / sizeof(Elf64_Sym);
  for (size_t i = 1; i < symbol_count; ++i) {
    if (table[i].st_shndx != SHN_UNDEF || table[i].st_name == 0) continue;
    if (table[i].st_name >= strings->sh_size)
      return refuse(message, capacity, "has a malformed symbol table");
    const char *name = names + table[i].st_name;
    if (!lfx_runtime_symbol(name))
      return refuse(message, capacity,
                    "calls `%s`, which is outside the Metal runtime (shaders may call math "
                    "functions only)",
                    name);
  }
  return 0;
}

int lfx_elf_check(const char *path, char *message, size_t capacity) {
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return refuse(message, capacity, "cannot be opened");
  struct stat status;
  if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) || status.st_size <= 0) {
    close(fd);
    return refuse(message, capacity, "is not a regular file");
  }
  size_t length = (size_t)status.st_size;
  void *file = mmap(NULL, length, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (file == MAP_FAILED) return refuse(message, capacity, "cannot be read");
  int result = check(file, length, message, capacity);
  munmap(file, length);
  return result;
}
